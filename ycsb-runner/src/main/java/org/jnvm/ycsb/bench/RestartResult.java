package org.jnvm.ycsb.bench;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * The one line a restarted {@code --restart} child prints: {@code RESULT name=value ...}, values
 * without spaces (the read windows joined with commas).
 */
final class RestartResult {
  static final String PREFIX = "RESULT ";

  private RestartResult() {}

  static String line(Map<String, String> figures) {
    StringJoiner j = new StringJoiner(" ", PREFIX, "");
    new TreeMap<>(figures)
        .forEach(
            (k, v) -> {
              if (k.isEmpty() || k.contains("=") || k.contains(" ") || v.contains(" ")) {
                throw new IllegalArgumentException("not a figure: " + k + "=" + v);
              }
              j.add(k + "=" + v);
            });
    return j.toString();
  }

  /** The figures of a result line; null if {@code line} is not one. */
  static Map<String, String> parse(String line) {
    if (!line.startsWith(PREFIX)) return null;
    Map<String, String> m = new LinkedHashMap<>();
    for (String f : line.substring(PREFIX.length()).trim().split(" +")) {
      int eq = f.indexOf('=');
      if (eq <= 0) throw new IllegalArgumentException("not a figure: '" + f + "' in " + line);
      m.put(f.substring(0, eq), f.substring(eq + 1));
    }
    return m;
  }

  static String joinCounts(long[] counts) {
    StringJoiner j = new StringJoiner(",");
    for (long c : counts) j.add(Long.toString(c));
    return j.toString();
  }
}
