package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * A bucket of a hash map's persistent index ({@link BucketIndex}): its local depth and a small
 * open-addressing table of records, each naming a key's hash and the slot of its entry. Records
 * hold no references (the slot is a number), so recovery does not mark through them and a stale
 * record can never keep an object alive or point at freed memory.
 *
 * <pre>
 *   payload 0        4          8          16                 8 + 8 * RECORDS
 *   +--------+----------+----------+-- ... --+
 *   | depth  | reserved | record 0 |         |
 *   | int    | int, 0   | long     |         |
 *   +--------+----------+----------+-- ... --+
 *   record: hash (int) in bits 63..32, slot + 1 in bits 31..0;
 *           0 = empty (never used since the bucket was made), -1 = removed (a tombstone).
 * </pre>
 *
 * A record never holds slot + 1 = 0xFFFFFFFF (slots are below {@code Integer.MAX_VALUE}), so a
 * tombstone is no record.
 */
final class BucketLayout {
  static final int DEPTH_OFFSET = 0;
  static final int RESERVED_OFFSET = DEPTH_OFFSET + Integer.BYTES;
  static final int RECORDS_OFFSET = RESERVED_OFFSET + Integer.BYTES;

  /** Records per bucket: a 512-byte payload, eight cache lines. */
  static final int RECORDS = 63;

  static final int SIZE = RECORDS_OFFSET + RECORDS * Long.BYTES;

  static final String DESCRIPTION = "depth:int@0 reserved:int@4 records:long[63]@8";

  static final long EMPTY = 0;
  static final long TOMBSTONE = -1;

  private BucketLayout() {}

  static long record(int hash, int slot) {
    return (long) hash << 32 | ((slot + 1) & 0xFFFF_FFFFL);
  }

  static int hashOf(long record) {
    return (int) (record >>> 32);
  }

  static int slotOf(long record) {
    return (int) record - 1;
  }

  /** True for a record that names a slot (not empty, not a tombstone). */
  static boolean names(long record) {
    return record != EMPTY && record != TOMBSTONE;
  }

  static int depth(long obj) {
    return Pmem.getInt(obj + ObjectLayout.HEADER + DEPTH_OFFSET);
  }

  static void depth(long obj, int v) {
    Pmem.putInt(obj + ObjectLayout.HEADER + DEPTH_OFFSET, v);
  }

  static long recordAddress(long obj, int i) {
    return obj + ObjectLayout.HEADER + RECORDS_OFFSET + (long) i * Long.BYTES;
  }

  static long record(long obj, int i) {
    return Pmem.getLong(recordAddress(obj, i));
  }

  static void record(long obj, int i, long v) {
    Pmem.putLong(recordAddress(obj, i), v);
  }
}
