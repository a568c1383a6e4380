package org.jnvm.core.heap;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/** A concurrent bitmap, one bit per 64-byte granule of the data area. Volatile memory. */
final class Bitmap {
  private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
  private final long[] words;

  Bitmap(long bits) {
    words = new long[(int) ((bits + 63) >>> 6)];
  }

  boolean get(long bit) {
    return (((long) WORDS.getAcquire(words, (int) (bit >>> 6))) & (1L << bit)) != 0;
  }

  /** Sets the bit; returns true if this call changed it. */
  boolean set(long bit) {
    int w = (int) (bit >>> 6);
    long mask = 1L << bit;
    if ((((long) WORDS.getAcquire(words, w)) & mask) != 0) return false;
    return (((long) WORDS.getAndBitwiseOr(words, w, mask)) & mask) == 0;
  }

  /** Clears the bit; returns true if this call changed it. */
  boolean clear(long bit) {
    long mask = 1L << bit;
    return (((long) WORDS.getAndBitwiseAnd(words, (int) (bit >>> 6), ~mask)) & mask) != 0;
  }

  /** The first set bit at or after {@code from}, or -1. Not atomic with concurrent updates. */
  long nextSet(long from) {
    int w = (int) (from >>> 6);
    if (w >= words.length) return -1;
    long word = words[w] & (-1L << from);
    while (true) {
      if (word != 0) return ((long) w << 6) + Long.numberOfTrailingZeros(word);
      if (++w == words.length) return -1;
      word = words[w];
    }
  }
}
