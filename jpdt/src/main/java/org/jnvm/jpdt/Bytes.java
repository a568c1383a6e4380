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

  /**
   * Packs {@code v} little-endian into {@code dst[0..2]}, zero-padded, and returns its length; -1
   * (nothing written) if it is longer than {@link PType#IMAGE_BYTES}.
   */
  static int image(byte[] v, long[] dst) {
    if (v.length > PType.IMAGE_BYTES) return -1;
    dst[0] = dst[1] = dst[2] = 0;
    for (int i = 0; i < v.length; i++) dst[i >>> 3] |= (v[i] & 0xFFL) << ((i & 7) << 3);
    return v.length;
  }

  /** {@link #image(byte[], long[])} of the {@code n} bytes at {@code a}. */
  static int image(long a, int n, long[] dst) {
    if (n > PType.IMAGE_BYTES) return -1;
    dst[0] = dst[1] = dst[2] = 0;
    for (int i = 0; i < n; i++) dst[i >>> 3] |= (Pmem.getByte(a + i) & 0xFFL) << ((i & 7) << 3);
    return n;
  }

  /** {@link java.util.Arrays#hashCode(byte[])} of {@code [a, a + n)}. */
  static int hash(long a, int n) {
    int h = 1;
    for (int i = 0; i < n; i++) h = 31 * h + Pmem.getByte(a + i);
    return h;
  }
}
