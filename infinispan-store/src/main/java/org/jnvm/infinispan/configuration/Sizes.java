package org.jnvm.infinispan.configuration;

import java.util.Locale;
import org.infinispan.commons.CacheConfigurationException;

/** Byte sizes written as a number with an optional unit: {@code 4096}, {@code 64m}, {@code 1g}. */
final class Sizes {
  private Sizes() {}

  static long parse(String s) {
    String t = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
    if (t.endsWith("b")) t = t.substring(0, t.length() - 1);
    int shift = 0;
    if (!t.isEmpty()) {
      switch (t.charAt(t.length() - 1)) {
        case 'k' -> shift = 10;
        case 'm' -> shift = 20;
        case 'g' -> shift = 30;
        default -> shift = -1;
      }
    }
    String digits = shift > 0 ? t.substring(0, t.length() - 1) : t;
    try {
      long n = Long.parseLong(digits.trim());
      if (n < 0 || (shift > 0 && n > (Long.MAX_VALUE >> shift))) throw new NumberFormatException();
      return shift > 0 ? n << shift : n;
    } catch (NumberFormatException e) {
      throw new CacheConfigurationException(
          "jnvm-store: not a size (bytes, or a number with k, m or g): size=\"" + s + "\"");
    }
  }
}
