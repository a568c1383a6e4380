package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * The undo log of a class migration (built-in class {@link Builtins#CONVERSION_LOG}, under the root
 * {@link #ROOT}): the images of the objects of one batch as they were before conversion.
 *
 * <pre>
 *   payload 0        8          16             56
 *   +--------+----------+--------------+--------------------------------------------+
 *   | count  | capacity | zero         | entries, from object offset 64 (a line):   |
 *   |        | (bytes)  |              | target (8) | length (8) | image (length,    |
 *   |        |          |              |            |            | rounded up to 8)  |
 *   +--------+----------+--------------+--------------------------------------------+
 * </pre>
 *
 * {@code count} is the number of armed entries: 0 when no batch is in flight. An entry's image is
 * the object's header and its old payload ({@code length} = 8 + old payload bytes). The log
 * declares no references: images are copies, never followed by the mark.
 */
final class ConversionLogLayout {
  /**
   * The root naming worker 0's log, present while a heap is being migrated; worker {@code i > 0}'s
   * log is under {@code ROOT + "." + i} ({@link #root}).
   */
  static final String ROOT = "jnvm.evolution.log";

  static final int COUNT_OFFSET = 0;
  static final int CAPACITY_OFFSET = COUNT_OFFSET + 8;
  static final int ENTRIES_OFFSET = Pmem.LINE - ObjectLayout.HEADER;

  static final int TARGET_OFFSET = 0;
  static final int LENGTH_OFFSET = TARGET_OFFSET + 8;
  static final int IMAGE_OFFSET = LENGTH_OFFSET + 8;

  /** Payload bytes: the log fills one largest small slot. */
  static final int PAYLOAD = SizeClasses.MAX_SMALL - ObjectLayout.HEADER;

  static final int CAPACITY = PAYLOAD - ENTRIES_OFFSET;

  private ConversionLogLayout() {}

  /** The root of migration worker {@code worker}'s log. */
  static String root(int worker) {
    return worker == 0 ? ROOT : ROOT + "." + worker;
  }

  /** True if {@code name} is the root of some worker's log. */
  static boolean isRoot(String name) {
    return name.equals(ROOT) || (name.startsWith(ROOT + ".") && isNumber(name, ROOT.length() + 1));
  }

  private static boolean isNumber(String s, int from) {
    if (from >= s.length()) return false;
    for (int i = from; i < s.length(); i++) if (!Character.isDigit(s.charAt(i))) return false;
    return true;
  }

  static long countAddress(long log) {
    return log + ObjectLayout.HEADER + COUNT_OFFSET;
  }

  static long count(long log) {
    return Pmem.getLong(countAddress(log));
  }

  static long capacity(long log) {
    return Pmem.getLong(log + ObjectLayout.HEADER + CAPACITY_OFFSET);
  }

  static long entries(long log) {
    return log + ObjectLayout.HEADER + ENTRIES_OFFSET;
  }

  /** Bytes an entry of an image of {@code length} bytes takes. */
  static int entrySize(int length) {
    return IMAGE_OFFSET + ((length + 7) & ~7);
  }
}
