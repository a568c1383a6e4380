package org.jnvm.jpfa;

import org.jnvm.core.pmem.Pmem;

/**
 * One logged cache line: which line, which block logged it, and its content before the block's
 * first store to it (undo). Entries are line-aligned inside a log segment ({@link
 * LogSegmentLayout}). There is no redo copy: the commit record's check covers the lines in place
 * ({@link CommitRecordLayout}).
 *
 * <pre>
 *   0        8        16       24                 64               128
 *   +--------+--------+--------+-------//--------+----------------+
 *   | target | epoch  | check  | zero            | old line       |
 *   +--------+--------+--------+-------//--------+----------------+
 *   |<------------------ line 0 ---------------->|<--- line 1 --->|
 * </pre>
 *
 * <ul>
 *   <li>{@code target}: file offset of the logged line (line-aligned, never 0);
 *   <li>{@code epoch}: the block that logged it (see {@link CommitRecordLayout});
 *   <li>{@code check}: {@link #entryCheck} over the log, target, epoch and old line: an entry is
 *       valid for block e of log L only if its epoch is e and its check matches, so neither a torn
 *       entry nor an entry of an earlier block, or of another log whose memory was reused, is ever
 *       taken for one of block e.
 * </ul>
 */
final class LogEntryLayout {
  static final int TARGET_OFFSET = 0;
  static final int EPOCH_OFFSET = TARGET_OFFSET + 8;
  static final int CHECK_OFFSET = EPOCH_OFFSET + 8;
  static final int RESERVED_OFFSET = CHECK_OFFSET + 8;
  static final int OLD_OFFSET = Pmem.LINE;
  static final int SIZE = OLD_OFFSET + Pmem.LINE;

  private LogEntryLayout() {}

  static long target(long entry) {
    return Pmem.getLong(entry + TARGET_OFFSET);
  }

  static void target(long entry, long v) {
    Pmem.putLong(entry + TARGET_OFFSET, v);
  }

  static long epoch(long entry) {
    return Pmem.getLong(entry + EPOCH_OFFSET);
  }

  static void epoch(long entry, long v) {
    Pmem.putLong(entry + EPOCH_OFFSET, v);
  }

  static long check(long entry) {
    return Pmem.getLong(entry + CHECK_OFFSET);
  }

  static void check(long entry, long v) {
    Pmem.putLong(entry + CHECK_OFFSET, v);
  }

  /** Address of the old (undo) copy of the line. */
  static long oldLine(long entry) {
    return entry + OLD_OFFSET;
  }

  /** The check an entry of log {@code logOffset} must hold, from its current fields. */
  static long entryCheck(long logOffset, long entry) {
    long h = Checksum.mix(Checksum.mix(Checksum.SEED, logOffset), target(entry));
    return Checksum.line(Checksum.mix(h, epoch(entry)), oldLine(entry));
  }

  /** True if the entry is a complete entry of block {@code epoch} of log {@code logOffset}. */
  static boolean validFor(long logOffset, long entry, long epoch) {
    return epoch(entry) == epoch && check(entry) == entryCheck(logOffset, entry);
  }
}
