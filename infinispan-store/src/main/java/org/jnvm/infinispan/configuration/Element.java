package org.jnvm.infinispan.configuration;

import java.util.HashMap;
import java.util.Map;

/** The XML elements of the store's namespace. */
public enum Element {
  UNKNOWN(null),
  JNVM_STORE("jnvm-store");

  private static final Map<String, Element> BY_NAME = new HashMap<>();

  static {
    for (Element e : values()) if (e.name != null) BY_NAME.put(e.name, e);
  }

  private final String name;

  Element(String name) {
    this.name = name;
  }

  public static Element forName(String localName) {
    return BY_NAME.getOrDefault(localName, UNKNOWN);
  }

  @Override
  public String toString() {
    return name;
  }
}
