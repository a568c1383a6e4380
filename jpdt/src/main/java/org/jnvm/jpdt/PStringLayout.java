package org.jnvm.jpdt;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * The bytes of a {@link PString} (payload offsets, after the 8-byte object header). Immutable once
 * published; {@code hash} is {@link String#hashCode()} of the content, so lookups by a {@code
 * String} need no decoding.
 *
 * <pre>
 *   payload 0      4        8       9          12
 *   +------+--------+-------+----------+--------------------------------------------+
 *   | hash | length | coder | reserved | data: LATIN1: length bytes                 |
 *   | int  | chars  | byte  | 3 zero   |       UTF16:  2 * length bytes, little-end. |
 *   +------+--------+-------+----------+--------------------------------------------+
 * </pre>
 *
 * The coder is canonical: LATIN1 exactly when every char is below 256, so two strings are equal
 * exactly when their coders, lengths and data bytes are.
 */
final class PStringLayout {
  static final int HASH_OFFSET = 0;
  static final int LENGTH_OFFSET = HASH_OFFSET + Integer.BYTES;
  static final int CODER_OFFSET = LENGTH_OFFSET + Integer.BYTES;
  static final int RESERVED_BYTES = 3;
  static final int DATA_OFFSET = CODER_OFFSET + 1 + RESERVED_BYTES;

  static final byte LATIN1 = 0;
  static final byte UTF16 = 1;

  private PStringLayout() {}

  /** Payload bytes of a string of {@code length} chars in {@code coder}. */
  static long payloadSize(int length, byte coder) {
    return DATA_OFFSET + ((long) length << coder);
  }

  static long data(long obj) {
    return obj + ObjectLayout.HEADER + DATA_OFFSET;
  }

  static int hash(long obj) {
    return Pmem.getInt(obj + ObjectLayout.HEADER + HASH_OFFSET);
  }

  static void hash(long obj, int v) {
    Pmem.putInt(obj + ObjectLayout.HEADER + HASH_OFFSET, v);
  }

  static int length(long obj) {
    return Pmem.getInt(obj + ObjectLayout.HEADER + LENGTH_OFFSET);
  }

  static void length(long obj, int v) {
    Pmem.putInt(obj + ObjectLayout.HEADER + LENGTH_OFFSET, v);
  }

  static byte coder(long obj) {
    return Pmem.getByte(obj + ObjectLayout.HEADER + CODER_OFFSET);
  }

  static void coder(long obj, byte v) {
    Pmem.putByte(obj + ObjectLayout.HEADER + CODER_OFFSET, v);
  }
}
