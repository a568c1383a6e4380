package org.jnvm.emulation.kill;

import java.util.ArrayList;
import java.util.List;

/**
 * The operations of the kill workload, a pure function of the operation number, so that the list
 * expected after any number of operations can be computed from that number alone.
 *
 * <p>Odd operations append their own number. Even operations remove one earlier value: the odd
 * values of block {@code b} (blocks of {@value #BLOCK} appends) are removed during block {@code b +
 * 1}, in the order of a fixed permutation, so removals hit the head, the middle and the tail. The
 * even operations of block 0 remove nothing. Every value is removed between 3 and {@code 4 * BLOCK
 * - 1} operations after it was appended, so the list never holds more than {@code 2 * BLOCK} values
 * and is always in ascending order.
 */
final class ListSchedule {
  static final int BLOCK = 16;
  private static final int[] ORDER = new int[BLOCK];
  private static final int[] POSITION = new int[BLOCK];

  static {
    for (int j = 0; j < BLOCK; j++) {
      ORDER[j] = (5 * j + 3) % BLOCK; // 5 is prime to BLOCK: a permutation
      POSITION[ORDER[j]] = j;
    }
  }

  private ListSchedule() {}

  static boolean appends(long n) {
    return n % 2 == 1;
  }

  /** The value even operation {@code n} removes, or 0 if it removes nothing. */
  static long removes(long n) {
    long slot = n / 2 - 1; // even operations in order: 0, 1, 2, ...
    long block = slot / BLOCK - 1;
    return block < 0 ? 0 : 2 * (block * BLOCK + ORDER[(int) (slot % BLOCK)]) + 1;
  }

  /** The operation that removes odd value {@code v}. */
  static long removedBy(long v) {
    long k = (v - 1) / 2;
    return 2 * ((k / BLOCK + 1) * BLOCK + POSITION[(int) (k % BLOCK)]) + 2;
  }

  /** The list's values after operations {@code 1..k}, in list order. */
  static List<Long> expected(long k) {
    List<Long> values = new ArrayList<>();
    long from = Math.max(1, k - 4L * BLOCK);
    for (long v = from | 1; v <= k; v += 2) {
      if (removedBy(v) > k) values.add(v);
    }
    return values;
  }
}
