package org.jnvm.ycsb;

import java.util.Locale;
import java.util.Properties;

/**
 * Byte sizes in properties and options: a number with an optional K, M, G or T suffix (powers of
 * 2).
 */
public final class Sizes {
  /**
   * The largest heap a binding creates by default: a heap's size is a maximum, its space reserved
   * only as records arrive, so the default leaves room for a later, larger load on the same heap;
   * the JVM's mapping route may lower it ({@link org.jnvm.core.pmem.Pmem#maxMappingSize()}).
   */
  public static final long DEFAULT_MAX = 256L << 30;

  /** The largest heap a binding accepts (the heap's own limit). */
  public static final long MAX_HEAP = 1L << 46;

  private Sizes() {}

  /**
   * Parses {@code s}.
   *
   * @throws IllegalArgumentException naming {@code what} and the text if it is not a size
   */
  public static long parse(String what, String s) {
    String t = s.trim().toUpperCase(Locale.ROOT);
    long mult = 1;
    if (t.endsWith("K") || t.endsWith("M") || t.endsWith("G") || t.endsWith("T")) {
      mult = 1L << (10 * ("KMGT".indexOf(t.charAt(t.length() - 1)) + 1));
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
   * workloads insert at most 5% of their operations, and as much again in their warm-up, which
   * {@code bin/jnvm bench} bounds by the same operation count), plus {@code margin}; at most {@code
   * max}.
   */
  public static long poolSize(
      Properties p, String property, long perRecord, long margin, long max) {
    String given = p.getProperty(property);
    if (given != null) return parse(property, given);
    long records = Long.parseLong(p.getProperty("recordcount", "0"));
    long ops = Long.parseLong(p.getProperty("operationcount", "0"));
    return Math.min(max, (records + ops / 10) * perRecord + margin);
  }

  /**
   * The maximum size of a J-NVM heap a binding creates: the size given in {@code property}, else
   * what {@link #poolSize} computes and at least {@link #DEFAULT_MAX} where the JVM can map it
   * (space is reserved only as it is used, so a later, larger load on the same heap fits).
   */
  public static long heapSize(Properties p, String property, long perRecord, long margin) {
    long needed = poolSize(p, property, perRecord, margin, MAX_HEAP);
    if (p.getProperty(property) != null) return needed;
    long mappable = org.jnvm.core.pmem.Pmem.maxMappingSize() & -4096L;
    return Math.min(MAX_HEAP, Math.max(needed, Math.min(DEFAULT_MAX, mappable)));
  }
}
