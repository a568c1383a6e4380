package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * Java's widening primitive conversions (JLS 5.1.2) from a stored field to a field of the current
 * shape, exactly as a Java assignment would convert the value ({@code long} to {@code float} rounds
 * to nearest, {@code char} is unsigned).
 */
final class Widening {
  private Widening() {}

  /** Converts the value of type {@code from} at {@code src} into type {@code to} at {@code dst}. */
  static void convert(String from, String to, long src, long dst) {
    char f = from.charAt(0);
    switch (to.charAt(0)) {
      case 'S' -> Pmem.putShort(dst, (short) integral(f, src));
      case 'I' -> Pmem.putInt(dst, (int) integral(f, src));
      case 'J' -> Pmem.putLong(dst, integral(f, src));
      case 'F' -> Pmem.putFloat(dst, (float) integral(f, src));
      case 'D' ->
          Pmem.putDouble(dst, f == 'F' ? (double) Pmem.getFloat(src) : (double) integral(f, src));
      default -> throw new IllegalArgumentException("no widening from " + from + " to " + to);
    }
  }

  private static long integral(char type, long src) {
    return switch (type) {
      case 'B' -> Pmem.getByte(src);
      case 'S' -> Pmem.getShort(src);
      case 'C' -> Pmem.getChar(src);
      case 'I' -> Pmem.getInt(src);
      case 'J' -> Pmem.getLong(src);
      default -> throw new IllegalArgumentException("not an integral type: " + type);
    };
  }
}
