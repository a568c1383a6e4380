package org.jnvm.dso;

import java.io.Serializable;

/**
 * The name of a shared object: its server-side type, its key, and whether it is persistent
 * (persistent and ephemeral objects live in different caches, so the flag is part of the name).
 */
public record Ref(String type, String key, boolean persistent) implements Serializable {
  public Ref {
    if (type == null || type.isEmpty() || key == null) {
      throw new IllegalArgumentException(
          "a shared object needs a type and a key: type=" + type + " key=" + key);
    }
  }

  @Override
  public String toString() {
    return type + "('" + key + "', " + (persistent ? "persistent" : "ephemeral") + ")";
  }
}
