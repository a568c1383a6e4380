package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * The header object of every J-PDT map ({@link PHashMap}, {@link PConcurrentHashMap}, {@link
 * PSkipListMap}): the codes of its key and value types, its segment size, and its directory. Only
 * {@code directory} changes after creation (growth of the directory, {@code clear}).
 *
 * <pre>
 *   payload 0          4            8               12         16           24
 *   +----------+------------+---------------+----------+------------+
 *   | key type | value type | segment slots | reserved | directory  |
 *   | code int | code int   | int           | int, 0   | ref        |
 *   +----------+------------+---------------+----------+------------+
 * </pre>
 *
 * The entries hang below: the directory ({@link BlockLayout}) references segments, each segment has
 * {@code segment slots} slots, and a non-zero slot references one entry ({@link EntryLayout}).
 */
final class MapLayout {
  static final int KEY_TYPE_OFFSET = 0;
  static final int VALUE_TYPE_OFFSET = KEY_TYPE_OFFSET + Integer.BYTES;
  static final int SEGMENT_SLOTS_OFFSET = VALUE_TYPE_OFFSET + Integer.BYTES;
  static final int RESERVED_OFFSET = SEGMENT_SLOTS_OFFSET + Integer.BYTES;
  static final int DIRECTORY_OFFSET = RESERVED_OFFSET + Integer.BYTES;
  static final int SIZE = DIRECTORY_OFFSET + Long.BYTES;

  /** The layout string of map classes (part of their fingerprint). */
  static final String DESCRIPTION =
      "keyType:int@0 valueType:int@4 segmentSlots:int@8 reserved:int@12 directory:ref@16";

  private MapLayout() {}

  static int keyType(long obj) {
    return Pmem.getInt(field(obj, KEY_TYPE_OFFSET));
  }

  static void keyType(long obj, int v) {
    Pmem.putInt(field(obj, KEY_TYPE_OFFSET), v);
  }

  static int valueType(long obj) {
    return Pmem.getInt(field(obj, VALUE_TYPE_OFFSET));
  }

  static void valueType(long obj, int v) {
    Pmem.putInt(field(obj, VALUE_TYPE_OFFSET), v);
  }

  static int segmentSlots(long obj) {
    return Pmem.getInt(field(obj, SEGMENT_SLOTS_OFFSET));
  }

  static void segmentSlots(long obj, int v) {
    Pmem.putInt(field(obj, SEGMENT_SLOTS_OFFSET), v);
  }

  static long directory(long obj) {
    return Pmem.getLong(field(obj, DIRECTORY_OFFSET));
  }

  static void directory(long obj, long offset) {
    Pmem.putLong(field(obj, DIRECTORY_OFFSET), offset);
  }

  static long directoryAddress(long obj) {
    return field(obj, DIRECTORY_OFFSET);
  }

  private static long field(long obj, int off) {
    return obj + ObjectLayout.HEADER + off;
  }
}
