package org.jnvm.jpfa;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * A segment of a log: a variable-size object holding {@code capacity} entries ({@link
 * LogEntryLayout}), chained through {@code next}. A log grows by chaining a bigger segment when a
 * block fills the last one, so no block fails at a fixed entry count; segments are never freed.
 *
 * <pre>
 *   object 0    8      16      24         32                 64
 *   +--------+------+-------+----------+---------//--------+---------+---------+--
 *   | header | next | magic | capacity | zero              | entry 0 | entry 1 | ...
 *   +--------+------+-------+----------+---------//--------+---------+---------+--
 *            payload 0      8          16                  56 (line-aligned), 128 bytes each
 * </pre>
 *
 * Capacities follow {@link #capacity(int)}: 31, 127, then 511 entries, sized so that each segment
 * fills a 4 KiB slot, a 16 KiB slot, then one 64 KiB chunk (less one line: an entry is two).
 */
final class LogSegmentLayout {
  /** "JPFA_SEG" in little-endian order. */
  static final long MAGIC = 0x4745535F4146504AL;

  static final int NEXT_OFFSET = 0;
  static final int MAGIC_OFFSET = NEXT_OFFSET + 8;
  static final int CAPACITY_OFFSET = MAGIC_OFFSET + 8;
  static final int RESERVED_OFFSET = CAPACITY_OFFSET + 8;
  static final int ENTRIES_OFFSET = Pmem.LINE - ObjectLayout.HEADER;

  private static final int[] TOTAL_BYTES = {4 << 10, 16 << 10, 64 << 10};

  private LogSegmentLayout() {}

  /** Entries of the {@code k}-th segment of a log (0 = first). */
  static int capacity(int k) {
    int total = TOTAL_BYTES[Math.min(k, TOTAL_BYTES.length - 1)];
    return (total - ObjectLayout.HEADER - ENTRIES_OFFSET) / LogEntryLayout.SIZE;
  }

  static long payloadSize(int capacity) {
    return ENTRIES_OFFSET + (long) capacity * LogEntryLayout.SIZE;
  }

  static long payload(long segment) {
    return segment + ObjectLayout.HEADER;
  }

  static long next(long segment) {
    return Pmem.getLong(payload(segment) + NEXT_OFFSET);
  }

  static long magic(long segment) {
    return Pmem.getLong(payload(segment) + MAGIC_OFFSET);
  }

  static long capacity(long segment) {
    return Pmem.getLong(payload(segment) + CAPACITY_OFFSET);
  }

  /** Address of entry {@code i} of the segment. */
  static long entry(long segment, int i) {
    return payload(segment) + ENTRIES_OFFSET + (long) i * LogEntryLayout.SIZE;
  }
}
