package org.jnvm.jpfa;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * The header of one log: a fixed-size object of one cache line. Logs form a chain from the hidden
 * root {@value #ROOT} through {@code next log}; each log's segments form a chain from {@code
 * segments} ({@link LogSegmentLayout}).
 *
 * <pre>
 *   object 0    8        16                              40         48         56       64
 *   +--------+--------+--------------------------------+----------+----------+--------+
 *   | header | magic  | commit record (24)             | segments | next log | zero   |
 *   +--------+--------+--------------------------------+----------+----------+--------+
 *            payload 0 8                               32         40         48
 * </pre>
 *
 * The commit record's state word is the log's one-word state ({@link CommitRecordLayout}). Only the
 * two references are declared to recovery's mark, so nothing inside entries (which hold copies of
 * lines, references included) keeps an object alive.
 */
final class LogHeaderLayout {
  /** The root naming the first log. */
  static final String ROOT = "jnvm.jpfa.logs";

  /** "JPFA_LOG" in little-endian order. */
  static final long MAGIC = 0x474F4C5F4146504AL;

  static final int MAGIC_OFFSET = 0;
  static final int COMMIT_OFFSET = MAGIC_OFFSET + 8;
  static final int SEGMENTS_OFFSET = COMMIT_OFFSET + CommitRecordLayout.SIZE;
  static final int NEXT_OFFSET = SEGMENTS_OFFSET + 8;
  static final int RESERVED_OFFSET = NEXT_OFFSET + 8;
  static final int PAYLOAD = Pmem.LINE - ObjectLayout.HEADER;

  private LogHeaderLayout() {}

  static long payload(long header) {
    return header + ObjectLayout.HEADER;
  }

  static long magic(long header) {
    return Pmem.getLong(payload(header) + MAGIC_OFFSET);
  }

  /** Address of the commit record. */
  static long commitRecord(long header) {
    return payload(header) + COMMIT_OFFSET;
  }

  static long segments(long header) {
    return Pmem.getLong(payload(header) + SEGMENTS_OFFSET);
  }

  static long next(long header) {
    return Pmem.getLong(payload(header) + NEXT_OFFSET);
  }
}
