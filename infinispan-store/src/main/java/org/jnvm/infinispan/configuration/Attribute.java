package org.jnvm.infinispan.configuration;

import java.util.HashMap;
import java.util.Map;

/** The XML attributes of {@code <jnvm-store>} beyond those every store has. */
public enum Attribute {
  UNKNOWN(null),
  PATH("path"),
  SIZE("size"),
  MODE("mode"),
  CREATE_IF_MISSING("create-if-missing"),
  CHECKSUMS("checksums");

  private static final Map<String, Attribute> BY_NAME = new HashMap<>();

  static {
    for (Attribute a : values()) if (a.name != null) BY_NAME.put(a.name, a);
  }

  private final String name;

  Attribute(String name) {
    this.name = name;
  }

  public static Attribute forName(String localName) {
    return BY_NAME.getOrDefault(localName, UNKNOWN);
  }

  @Override
  public String toString() {
    return name;
  }
}
