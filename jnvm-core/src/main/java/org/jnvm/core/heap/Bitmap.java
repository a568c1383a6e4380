package org.jnvm.core.heap;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * A concurrent bitmap, one bit per 64-byte granule of the data area. Volatile memory.
 *
 * <p>Paged, so that it can grow with the heap's reserved space while other threads set and clear
 * bits: a page covers {@link #PAGE_BITS} bits (512 chunks, 32 MiB of data) and is allocated by
 * {@link #ensure}, never moved or copied, so an atomic update can never be lost to a resize. The
 * directory is sized for the heap's maximum once; a page is published with a release store before
 * the allocator hands out any chunk it covers.
 */
final class Bitmap {
  static final int PAGE_SHIFT = 19;
  static final long PAGE_BITS = 1L << PAGE_SHIFT;
  private static final int WORDS_PER_PAGE = (int) (PAGE_BITS >>> 6);
  private static final VarHandle WORDS = MethodHandles.arrayElementVarHandle(long[].class);
  private static final VarHandle PAGES = MethodHandles.arrayElementVarHandle(long[][].class);

  private final long[][] pages;

  /** A bitmap that can grow to {@code maxBits}, with {@code [0, bits)} usable now. */
  Bitmap(long bits, long maxBits) {
    if (bits > maxBits) {
      throw new IllegalArgumentException("bitmap: bits=" + bits + " > maxBits=" + maxBits);
    }
    pages = new long[(int) ((maxBits + PAGE_BITS - 1) >>> PAGE_SHIFT)][];
    ensure(bits);
  }

  /** A bitmap of exactly {@code bits} bits (recovery's marks: the heap does not grow meanwhile). */
  Bitmap(long bits) {
    this(bits, bits);
  }

  /** Makes {@code [0, bits)} usable. Callers serialize growth; readers may run meanwhile. */
  synchronized void ensure(long bits) {
    int need = (int) ((bits + PAGE_BITS - 1) >>> PAGE_SHIFT);
    if (need > pages.length) {
      throw new IllegalArgumentException(
          "bitmap: bits=" + bits + " beyond its maximum of " + ((long) pages.length << PAGE_SHIFT));
    }
    for (int p = 0; p < need; p++) {
      if (pages[p] == null) PAGES.setRelease(pages, p, new long[WORDS_PER_PAGE]);
    }
  }

  /** Bytes of the pages allocated so far. */
  long bytes() {
    long n = 8L * pages.length;
    for (int p = 0; p < pages.length; p++) {
      long[] page = (long[]) PAGES.getAcquire(pages, p);
      if (page != null) n += 8L * page.length;
    }
    return n;
  }

  boolean get(long bit) {
    long[] page = page(bit);
    if (page == null) return false;
    int w = (int) (bit >>> 6) & (WORDS_PER_PAGE - 1);
    return (((long) WORDS.getAcquire(page, w)) & (1L << bit)) != 0;
  }

  /** Sets the bit; returns true if this call changed it. */
  boolean set(long bit) {
    long[] page = usablePage(bit);
    int w = (int) (bit >>> 6) & (WORDS_PER_PAGE - 1);
    long mask = 1L << bit;
    if ((((long) WORDS.getAcquire(page, w)) & mask) != 0) return false;
    return (((long) WORDS.getAndBitwiseOr(page, w, mask)) & mask) == 0;
  }

  /** Clears the bit; returns true if this call changed it. */
  boolean clear(long bit) {
    long[] page = usablePage(bit);
    long mask = 1L << bit;
    int w = (int) (bit >>> 6) & (WORDS_PER_PAGE - 1);
    return (((long) WORDS.getAndBitwiseAnd(page, w, ~mask)) & mask) != 0;
  }

  /** The first set bit at or after {@code from}, or -1. Not atomic with concurrent updates. */
  long nextSet(long from) {
    for (long bit = from; (bit >>> PAGE_SHIFT) < pages.length; ) {
      long[] page = page(bit);
      if (page == null) {
        bit = ((bit >>> PAGE_SHIFT) + 1) << PAGE_SHIFT;
        continue;
      }
      int w = (int) (bit >>> 6) & (WORDS_PER_PAGE - 1);
      long word = page[w] & (-1L << bit);
      while (true) {
        if (word != 0) {
          return ((bit >>> PAGE_SHIFT) << PAGE_SHIFT) + ((long) w << 6) + numberOfTrailing(word);
        }
        if (++w == WORDS_PER_PAGE) break;
        word = page[w];
      }
      bit = ((bit >>> PAGE_SHIFT) + 1) << PAGE_SHIFT;
    }
    return -1;
  }

  private static long numberOfTrailing(long word) {
    return Long.numberOfTrailingZeros(word);
  }

  private long[] page(long bit) {
    int p = (int) (bit >>> PAGE_SHIFT);
    return p < pages.length ? (long[]) PAGES.getAcquire(pages, p) : null;
  }

  private long[] usablePage(long bit) {
    long[] page = page(bit);
    if (page == null) {
      throw new IllegalStateException("bitmap: bit " + bit + " is beyond the reserved space");
    }
    return page;
  }
}
