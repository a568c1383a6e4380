package org.jnvm.jpdt.collection;

import java.util.Arrays;

/**
 * Free slots of a map, volatile, in stripes: a concurrent map's writers each own one stripe while
 * they hold its lock, so taking and returning slots needs no further synchronization. Rebuilt from
 * the zero slots when a map is reopened.
 */
final class SlotPool {
  private final int[][] stacks;
  private final int[] sizes;

  SlotPool(int stripes) {
    stacks = new int[stripes][8];
    sizes = new int[stripes];
  }

  int stripes() {
    return sizes.length;
  }

  /** A free slot of {@code stripe}, or -1. */
  int pop(int stripe) {
    return sizes[stripe] == 0 ? -1 : stacks[stripe][--sizes[stripe]];
  }

  void push(int stripe, int slot) {
    if (sizes[stripe] == stacks[stripe].length) {
      stacks[stripe] = Arrays.copyOf(stacks[stripe], 2 * sizes[stripe]);
    }
    stacks[stripe][sizes[stripe]++] = slot;
  }

  /** Free slots in all stripes (not synchronized: exact only when the map is quiet). */
  long size() {
    long n = 0;
    for (int s : sizes) n += s;
    return n;
  }

  void clear() {
    Arrays.fill(sizes, 0);
  }
}
