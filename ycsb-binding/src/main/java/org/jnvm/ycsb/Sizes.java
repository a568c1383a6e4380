package org.jnvm.ycsb;

import java.util.Locale;
import java.util.Properties;

/**
 * Byte sizes in properties and options: a number with an optional K, M or G suffix (powers of 2).
 */
public final class Sizes {
  private Sizes() {}

  /**
   * Parses {@code s}.
   *
   * @throws IllegalArgumentException naming {@code what} and the text if it is not a size
   */
  public static long parse(String what, String s) {
    String t = s.trim().toUpperCase(Locale.ROOT);
    long mult = 1;
    if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G")) {
      mult = 1L << (10 * ("KMG".indexOf(t.charAt(t.length() - 1)) + 1));
      t = t.substring(0, t.length() - 1);
    }
    try {
      long v = Long.parseLong(t);
      if (v <= 0) throw new NumberFormatException("not positive");
      return Math.multiplyExact(v, mult);
    } catch (NumberFormatException | ArithmeticException e) {
      throw new IllegalArgumentException(
          "not a size (a positive number, optional K, M or G): " + what + "=" + s, e);
    }
  }

  /**
   * The size a binding's persistent pool needs for the run, or the size given in {@code property}:
   * {@code perRecord} bytes for each record loaded and for a tenth of the operations (the core
   * workloads insert at most 5% of their operations), plus {@code margin}; at most {@code max}.
   */
  public static long poolSize(
      Properties p, String property, long perRecord, long margin, long max) {
    String given = p.getProperty(property);
    if (given != null) return parse(property, given);
    long records = Long.parseLong(p.getProperty("recordcount", "0"));
    long ops = Long.parseLong(p.getProperty("operationcount", "0"));
    return Math.min(max, (records + ops / 10) * perRecord + margin);
  }
}
