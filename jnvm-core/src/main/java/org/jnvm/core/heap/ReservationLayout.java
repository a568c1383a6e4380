package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * The reservation record (format 2): the one mutable word of the superblock region, on its own line
 * right after the superblock, outside the superblock's checksum.
 *
 * <pre>
 *   128                     136                                   192
 *   +-----------------------+-------------------------------------+
 *   | reserved chunks (u64) |        reserved, must be zero       |
 *   +-----------------------+-------------------------------------+
 * </pre>
 *
 * Chunks {@code [0, reserved)} have backing space in the file (and their chunk-table entries do);
 * the allocator hands out nothing beyond. The value only grows, by one aligned 8-byte store that is
 * written back and fenced after the space it names was reserved and synced, and before any chunk it
 * adds is put to use: so after a crash it names at least every chunk an object can be in. Format 1
 * heaps have no record (the bytes are zero) and are reserved whole.
 */
final class ReservationLayout {
  static final int OFFSET = 128;
  static final int SIZE = 64;

  private ReservationLayout() {}

  static long reservedChunks(long base) {
    return Pmem.getLong(base + OFFSET);
  }

  /**
   * Stores the new count and writes it back (the growth's commit point). The write-back is
   * required: {@code GrowthCrashTest} fails without it (an image holds an object in a chunk the
   * record does not reserve). The fence is required: a growth may run on the grower thread ({@link
   * GrowAhead}), and an allocating thread's fence orders only its own write-backs, so without this
   * one an object in a new chunk could be durable and linked while the count is not. Only where the
   * growth runs on the allocating thread (always under the crash simulator, which is why {@code
   * GrowthCrashTest} passes without the fence) does the object's own fence order it too.
   */
  static void publish(long base, long chunks) {
    Pmem.putLong(base + OFFSET, chunks);
    Pmem.pwb(base + OFFSET);
    Pmem.pfence();
  }
}
