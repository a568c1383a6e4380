package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * A segment of the root directory: a chain of fixed-size objects holding (name, value) pairs. The
 * first segment is created with the heap; its offset is in the superblock.
 *
 * <pre>
 *   payload 0      8       16      24      32          504
 *   +------+-------+-------+-------+-------+-- ... --+
 *   | next | name0 | value0| name1 | value1|         |
 *   +------+-------+-------+-------+-------+-- ... --+
 * </pre>
 *
 * Entries are 16-byte aligned in the object (payload starts 8 bytes into it), so a pair never
 * straddles a cache line. An entry is live iff its name is non-zero; a value whose name is zero is
 * ignored by recovery (remove clears the name first, then the value). Names are {@link
 * Builtins#BYTES} objects holding UTF-8.
 */
final class RootSegmentLayout {
  static final int NEXT_OFFSET = 0;
  static final int ENTRIES_OFFSET = 8;
  static final int ENTRY = 16;
  static final int NAME = 0;
  static final int VALUE = 8;
  static final int ENTRIES = 31;
  static final int PAYLOAD = ENTRIES_OFFSET + ENTRIES * ENTRY;

  private RootSegmentLayout() {}

  static long entry(long seg, int i) {
    return seg + ObjectLayout.HEADER + ENTRIES_OFFSET + (long) i * ENTRY;
  }

  static long next(long seg) {
    return Pmem.getLong(seg + ObjectLayout.HEADER + NEXT_OFFSET);
  }

  static long nextAddress(long seg) {
    return seg + ObjectLayout.HEADER + NEXT_OFFSET;
  }

  static long name(long entry) {
    return Pmem.getLong(entry + NAME);
  }

  static long value(long entry) {
    return Pmem.getLong(entry + VALUE);
  }

  /** Calls {@code v} for the next pointer and for each live entry's name and value. */
  static void forEachRef(long seg, ClassInfo.RefVisitor v) {
    v.visit(NEXT_OFFSET, next(seg));
    for (int i = 0; i < ENTRIES; i++) {
      long e = entry(seg, i);
      long name = name(e);
      if (name != 0) {
        v.visit(ENTRIES_OFFSET + i * ENTRY + NAME, name);
        v.visit(ENTRIES_OFFSET + i * ENTRY + VALUE, value(e));
      }
    }
  }
}
