package org.jnvm.codegen;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Parses an explicit class list: {@code a.B,c.D:non-private} (the mode defaults to none). */
public final class Explicit {
  private Explicit() {}

  /** Each item is one or more comma-separated {@code name[:fa]}. */
  public static Map<String, FaMode> parse(List<String> items) {
    Map<String, FaMode> out = new LinkedHashMap<>();
    for (String item : items) {
      for (String s : item.split(",")) {
        String t = s.trim();
        if (t.isEmpty()) continue;
        int colon = t.indexOf(':');
        String name = colon < 0 ? t : t.substring(0, colon);
        FaMode m = colon < 0 ? FaMode.NONE : FaMode.parse(t.substring(colon + 1));
        if (m == null || name.isEmpty()) {
          throw new IllegalArgumentException(
              "bad class in the explicit list: '"
                  + t
                  + "' (expected a binary name, optionally :none, :non-private or :all)");
        }
        out.put(name, m);
      }
    }
    return out;
  }
}
