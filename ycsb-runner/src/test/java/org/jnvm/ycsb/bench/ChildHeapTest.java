package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The child JVMs' heap: sized by the run, at least 1 GiB, at most 40% of the machine. */
class ChildHeapTest {
  @Test
  void sizedByTheRunWithinBounds() {
    assertEquals(1024, Bench.childHeapMb(100_000, 24_000), "small runs get 1 GiB");
    assertEquals(1_200_000 * 3 / 1024 + 512, Bench.childHeapMb(1_200_000, 24_000), "3 KB each");
    assertEquals(9_600, Bench.childHeapMb(6_000_000, 24_000), "the paper size: 40% of 24 GB");
    assertEquals(1024, Bench.childHeapMb(6_000_000, 2_000), "never below 1 GiB");
  }
}
