package org.jnvm.jpdt;

import org.jnvm.core.pmem.Pmem;

/** Comparisons of persistent byte ranges, eight bytes at a time. */
final class Bytes {
  private Bytes() {}

  /** True if {@code [a, a + n)} and {@code [b, b + n)} hold the same bytes. */
  static boolean equal(long a, long b, long n) {
    long i = 0;
    for (; i + Long.BYTES <= n; i += Long.BYTES) {
      if (Pmem.getLong(a + i) != Pmem.getLong(b + i)) return false;
    }
    for (; i < n; i++) {
      if (Pmem.getByte(a + i) != Pmem.getByte(b + i)) return false;
    }
    return true;
  }

  /** True if {@code [a, a + v.length)} holds the bytes of {@code v}. */
  static boolean equal(long a, byte[] v) {
    for (int i = 0; i < v.length; i++) {
      if (Pmem.getByte(a + i) != v[i]) return false;
    }
    return true;
  }

  /** {@link java.util.Arrays#hashCode(byte[])} of {@code [a, a + n)}. */
  static int hash(long a, int n) {
    int h = 1;
    for (int i = 0; i < n; i++) h = 31 * h + Pmem.getByte(a + i);
    return h;
  }
}
