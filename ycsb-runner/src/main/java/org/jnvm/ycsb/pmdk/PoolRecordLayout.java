package org.jnvm.ycsb.pmdk;

/**
 * A record in the libpmemobj pool: one memory block with a fixed slot per field, updated in place
 * inside a transaction (libpmemobj's undo log), as a PMDK user lays out a fixed-schema record.
 *
 * <pre>
 *   0        4        8                  8+s           8+2s
 *   +--------+--------+--------+---------+--------+----+---- ... ----+
 *   | fields | capac. | len 0  | bytes 0 (capacity)   | len 1 ...     |
 *   | i32    | i32    | i32    |         |            |               |
 *   +--------+--------+--------+---------+--------+----+---- ... ----+
 *   s = LEN_SIZE + capacity; len -1: field absent
 * </pre>
 */
final class PoolRecordLayout {
  static final int FIELDS_OFFSET = 0;
  static final int CAPACITY_OFFSET = FIELDS_OFFSET + Integer.BYTES;
  static final int SLOTS_OFFSET = CAPACITY_OFFSET + Integer.BYTES;
  static final int LEN_SIZE = Integer.BYTES;
  static final int ABSENT = -1;

  private PoolRecordLayout() {}

  static long slotSize(int capacity) {
    return LEN_SIZE + (long) capacity;
  }

  static long size(int fields, int capacity) {
    return SLOTS_OFFSET + fields * slotSize(capacity);
  }

  /** Offset of field {@code i}'s length word; its bytes follow it. */
  static long slot(int i, int capacity) {
    return SLOTS_OFFSET + i * slotSize(capacity);
  }
}
