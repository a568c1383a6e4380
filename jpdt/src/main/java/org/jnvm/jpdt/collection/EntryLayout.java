package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * One map entry ({@link EntryRecord}): a reference to its key and one to its value, both non-null
 * while the entry is reachable. {@code key} never changes; {@code value} is replaced by one 8-byte
 * store.
 *
 * <pre>
 *   payload 0        8        16
 *   +--------+--------+
 *   | key    | value  |
 *   | ref    | ref    |
 *   +--------+--------+
 * </pre>
 */
final class EntryLayout {
  static final int KEY_OFFSET = 0;
  static final int VALUE_OFFSET = KEY_OFFSET + Long.BYTES;
  static final int SIZE = VALUE_OFFSET + Long.BYTES;

  static final String DESCRIPTION = "key:ref@0 value:ref@8";

  private EntryLayout() {}

  static long key(long obj) {
    return Pmem.getLong(obj + ObjectLayout.HEADER + KEY_OFFSET);
  }

  static void key(long obj, long offset) {
    Pmem.putLong(obj + ObjectLayout.HEADER + KEY_OFFSET, offset);
  }

  static long value(long obj) {
    return Pmem.getLong(valueAddress(obj));
  }

  static void value(long obj, long offset) {
    Pmem.putLong(valueAddress(obj), offset);
  }

  static long valueAddress(long obj) {
    return obj + ObjectLayout.HEADER + VALUE_OFFSET;
  }
}
