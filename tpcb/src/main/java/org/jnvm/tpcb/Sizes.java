package org.jnvm.tpcb;

import java.util.Locale;

/** Byte sizes as users write them: {@code 512m}, {@code 2g}, or a number of bytes. */
final class Sizes {
  private Sizes() {}

  static long parse(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    char last = t.isEmpty() ? ' ' : t.charAt(t.length() - 1);
    if (last == 'k' || last == 'm' || last == 'g' || last == 't') {
      unit =
          switch (last) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            default -> 1L << 40;
          };
      t = t.substring(0, t.length() - 1);
    }
    try {
      long n = Long.parseLong(t);
      if (n <= 0 || n > Long.MAX_VALUE / unit) throw new NumberFormatException();
      return n * unit;
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("not a size (e.g. 512m, 2g): " + text);
    }
  }
}
