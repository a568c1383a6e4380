package org.jnvm.core.cli;

import java.util.List;

/**
 * The few JSON values the commands print (strings, booleans, numbers, lists of strings), written by
 * hand: jnvm-core has no dependencies, and a JSON library for four shapes would be its first.
 * Strings are escaped per RFC 8259 (quote, backslash, control characters).
 */
final class Json {
  private Json() {}

  static String str(String s) {
    if (s == null) return "null";
    StringBuilder b = new StringBuilder(s.length() + 2).append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> b.append("\\\"");
        case '\\' -> b.append("\\\\");
        case '\n' -> b.append("\\n");
        case '\r' -> b.append("\\r");
        case '\t' -> b.append("\\t");
        default -> {
          if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
          else b.append(c);
        }
      }
    }
    return b.append('"').toString();
  }

  static String list(List<String> items) {
    StringBuilder b = new StringBuilder("[");
    for (int i = 0; i < items.size(); i++) b.append(i == 0 ? "" : ", ").append(str(items.get(i)));
    return b.append(']').toString();
  }
}
