package org.jnvm.jpfa;

import org.jnvm.core.pmem.Pmem;

/**
 * The 64-bit check of log entries and commit records. It detects a record that is only partly on
 * media (a torn write, a line evicted before another), not deliberate forgery: each step is a
 * bijection of the running value, so records differing in one word never collide, and records
 * differing in more collide with probability about 2^-64.
 */
final class Checksum {
  static final long SEED = 0x4A5046415F4C4F47L; // "GOL_AFPJ"

  private Checksum() {}

  static long mix(long h, long word) {
    long x = (h ^ word) * 0x9E3779B97F4A7C15L;
    return x ^ (x >>> 31);
  }

  /** Mixes the eight words of the line at {@code address} into {@code h}. */
  static long line(long h, long address) {
    for (int i = 0; i < Pmem.LINE; i += 8) h = mix(h, Pmem.getLong(address + i));
    return h;
  }
}
