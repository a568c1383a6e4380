package org.jnvm.jpdt;

import org.jnvm.core.heap.ObjectLayout;

/**
 * The bytes of the persistent arrays: elements only, from payload offset 0; the length is the
 * payload size (kept in the object header) divided by the element size, so no field can disagree
 * with it.
 *
 * <pre>
 *   PByteArray  payload 0                                   n
 *               +----+----+----+-- ... --+
 *               | b0 | b1 | b2 |         |   1 byte each
 *               +----+----+----+-- ... --+
 *   PLongArray  payload 0         8         16             8n
 *               +---------+---------+-- ... --+
 *               | long 0  | long 1  |         |   8 bytes each, little-endian
 *               +---------+---------+-- ... --+
 *   PRefArray   payload 0         8         16             8n
 *               +---------+---------+-- ... --+
 *               | ref 0   | ref 1   |         |   file offsets, 0 = null; the class's
 *               +---------+---------+-- ... --+   reference tail starts at 0
 * </pre>
 */
final class ArrayLayout {
  static final int DATA_OFFSET = 0;
  static final int BYTE_SIZE = Byte.BYTES;
  static final int LONG_SIZE = Long.BYTES;
  static final int REF_SIZE = Long.BYTES;

  private ArrayLayout() {}

  /** Address of element {@code i} of {@code size} bytes in the array object at {@code obj}. */
  static long element(long obj, int i, int size) {
    return obj + ObjectLayout.HEADER + DATA_OFFSET + (long) i * size;
  }

  /** Elements of {@code size} bytes in the array object at {@code obj}. */
  static int length(long obj, int size) {
    return (ObjectLayout.size(obj) - DATA_OFFSET) / size;
  }

  static long payloadSize(int length, int size) {
    if (length < 0) throw new NegativeArraySizeException("length=" + length);
    return DATA_OFFSET + (long) length * size;
  }
}
