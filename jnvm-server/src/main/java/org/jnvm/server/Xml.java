package org.jnvm.server;

/** Escaping of values written into the generated XML. */
final class Xml {
  private Xml() {}

  static String attr(String v) {
    return v.replace("&", "&amp;")
        .replace("<", "&lt;")
        .replace(">", "&gt;")
        .replace("\"", "&quot;");
  }
}
