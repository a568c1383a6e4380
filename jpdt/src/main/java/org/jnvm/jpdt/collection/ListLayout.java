package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * The header object of a {@link PArrayList}: the code of its element type and its element array.
 * Only {@code array} changes after creation, when the array is replaced (growth, insertion or
 * removal inside the list, clear).
 *
 * <pre>
 *   payload 0            4          8          16
 *   +-------------+----------+----------+
 *   | elem type   | reserved | array    |
 *   | code int    | int, 0   | ref      |
 *   +-------------+----------+----------+
 * </pre>
 *
 * The array ({@link ListArray}, a reference block, see {@link BlockLayout}) holds the elements as a
 * prefix of non-zero references; the size is the length of that prefix, so it is never stored.
 */
final class ListLayout {
  static final int ELEMENT_TYPE_OFFSET = 0;
  static final int RESERVED_OFFSET = ELEMENT_TYPE_OFFSET + Integer.BYTES;
  static final int ARRAY_OFFSET = RESERVED_OFFSET + Integer.BYTES;
  static final int SIZE = ARRAY_OFFSET + Long.BYTES;

  static final String DESCRIPTION = "elementType:int@0 reserved:int@4 array:ref@8";

  private ListLayout() {}

  static int elementType(long obj) {
    return Pmem.getInt(obj + ObjectLayout.HEADER + ELEMENT_TYPE_OFFSET);
  }

  static void elementType(long obj, int v) {
    Pmem.putInt(obj + ObjectLayout.HEADER + ELEMENT_TYPE_OFFSET, v);
  }

  static long array(long obj) {
    return Pmem.getLong(arrayAddress(obj));
  }

  static void array(long obj, long offset) {
    Pmem.putLong(arrayAddress(obj), offset);
  }

  static long arrayAddress(long obj) {
    return obj + ObjectLayout.HEADER + ARRAY_OFFSET;
  }
}
