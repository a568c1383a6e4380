package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * One chunk descriptor: 8 bytes in the chunk table, written (and written back and fenced) whenever
 * a chunk is put to a new use, before any object in it can be published.
 *
 * <pre>
 *   0      1                4                         8
 *   +------+----------------+-------------------------+
 *   | kind | reserved (= 0) | arg: slot bytes (SMALL) |
 *   |      |                |  or run chunks (HEAD)   |
 *   +------+----------------+-------------------------+
 * </pre>
 *
 * A descriptor is only trusted for chunks that hold a reachable object; stale descriptors of chunks
 * freed at run time are harmless because recovery keeps a chunk only for live objects.
 */
final class ChunkLayout {
  static final int SIZE = 8;
  static final int KIND_SHIFT = 0;
  static final int ARG_SHIFT = 32;

  static final int FREE = 0;
  static final int SMALL = 1;
  static final int LARGE_HEAD = 2;
  static final int LARGE_CONT = 3;

  private ChunkLayout() {}

  static long encode(int kind, int arg) {
    return ((long) arg << ARG_SHIFT) | ((long) kind << KIND_SHIFT);
  }

  static int kind(long descriptor) {
    return (int) (descriptor >>> KIND_SHIFT) & 0xff;
  }

  static int arg(long descriptor) {
    return (int) (descriptor >>> ARG_SHIFT);
  }

  /** True if the reserved bits are zero and the kind is known. */
  static boolean wellFormed(long descriptor) {
    return (descriptor & 0xffffff00L) == 0 && kind(descriptor) <= LARGE_CONT;
  }

  static long descriptor(long table, int chunk) {
    return Pmem.getLong(table + (long) chunk * SIZE);
  }

  /** Writes a descriptor and writes its line back; the caller fences. */
  static void descriptor(long table, int chunk, long descriptor) {
    long a = table + (long) chunk * SIZE;
    Pmem.putLong(a, descriptor);
    Pmem.pwb(a);
  }
}
