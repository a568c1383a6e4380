package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * Reference blocks: a map's directory ({@link Directory}) and segments ({@link Segment}), and a
 * list's element array ({@link ListArray}), are arrays of references whose length is the payload
 * size over 8; their classes declare a reference tail from offset 0, so recovery marks through
 * every element.
 *
 * <pre>
 *   payload 0        8        16                8n
 *   +--------+--------+-- ... --+
 *   | ref 0  | ref 1  |         |   directory: segments, in order; the used ones are a prefix
 *   +--------+--------+-- ... --+   segment: entries; 0 is a free slot
 *                                   list array: elements, a prefix of non-zero references
 * </pre>
 */
final class BlockLayout {
  static final int REFS_OFFSET = 0;
  static final int REF_SIZE = Long.BYTES;

  private BlockLayout() {}

  static long payloadSize(int length) {
    return REFS_OFFSET + (long) length * REF_SIZE;
  }

  static int length(long obj) {
    return (ObjectLayout.size(obj) - REFS_OFFSET) / REF_SIZE;
  }

  /** The address of element {@code i} of the block at {@code obj}. */
  static long address(long obj, int i) {
    return obj + ObjectLayout.HEADER + REFS_OFFSET + (long) i * REF_SIZE;
  }

  static long ref(long obj, int i) {
    return Pmem.getLong(address(obj, i));
  }

  static void ref(long obj, int i, long offset) {
    Pmem.putLong(address(obj, i), offset);
  }
}
