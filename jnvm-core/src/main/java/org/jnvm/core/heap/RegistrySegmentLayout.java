package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * A segment of the class registry: a chain of objects, each a next pointer then references to
 * {@link ClassEntryLayout} objects. Class id = FIRST_USER_ID + position in the chain.
 *
 * <pre>
 *   payload 0      8        16       24
 *   +------+--------+--------+-- ... --+
 *   | next | entry0 | entry1 |         |   (every word is a reference)
 *   +------+--------+--------+-- ... --+
 * </pre>
 */
final class RegistrySegmentLayout {
  static final int NEXT_OFFSET = 0;
  static final int ENTRIES_OFFSET = 8;
  static final int ENTRIES = 62; // payload 504: same slot class as a root segment
  static final int PAYLOAD = ENTRIES_OFFSET + ENTRIES * 8;

  private RegistrySegmentLayout() {}

  static long next(long seg) {
    return Pmem.getLong(seg + ObjectLayout.HEADER + NEXT_OFFSET);
  }

  static long nextAddress(long seg) {
    return seg + ObjectLayout.HEADER + NEXT_OFFSET;
  }

  static long entryAddress(long seg, int i) {
    return seg + ObjectLayout.HEADER + ENTRIES_OFFSET + 8L * i;
  }

  static long entry(long seg, int i) {
    return Pmem.getLong(entryAddress(seg, i));
  }
}
