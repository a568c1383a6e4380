package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The sizes, caps and heaps of bench --scale, on machines of different memory. */
class ScalePlanTest {
  private static final long GB24 = 24_106; // MiB of a 24 GB machine
  private static final long ALL_SPACE = Long.MAX_VALUE;

  @Test
  void defaultSizesDoubleUpToWhatTheVolatileHeapHolds() {
    // 70% of 24,106 MiB over 1.75 x 1,400 B a record: 7.2M records, 7 GB in 0.5 GB steps
    assertEquals(7_000_000, ScalePlan.largestRecords(GB24));
    assertEquals(
        List.of(250_000L, 500_000L, 1_000_000L, 2_000_000L, 4_000_000L, 7_000_000L),
        ScalePlan.sizes(null, false, GB24));
    assertEquals(List.of(250_000L, 500_000L, 1_000_000L), ScalePlan.sizes(null, true, GB24));
    // a 4 GB machine stops at 1 GB
    assertEquals(List.of(250_000L, 500_000L, 1_000_000L), ScalePlan.sizes(null, false, 4_096));
  }

  @Test
  void givenSizesAreSortedOnce() {
    assertEquals(
        List.of(1_000_000L, 2_500_000L), ScalePlan.sizes(List.of(2.5, 1.0, 2.5), false, GB24));
    assertThrows(IllegalArgumentException.class, () -> ScalePlan.records(0));
  }

  @Test
  void theFileStoreAndFullDirectoriesStopEarly() {
    List<Long> sizes = ScalePlan.sizes(null, false, GB24);
    assertEquals(sizes.subList(0, 3), ScalePlan.sizesOf("sifs", sizes, false, ALL_SPACE));
    assertEquals(List.of(250_000L), ScalePlan.sizesOf("sifs", sizes, true, ALL_SPACE));
    assertEquals(sizes, ScalePlan.sizesOf("jpdt", sizes, false, ALL_SPACE));
    // 4 GB of /dev/shm: 2.5M records of 1,600 B
    long space = 4_000_000_000L;
    assertEquals(sizes.subList(0, 4), ScalePlan.sizesOf("jpdt-map", sizes, false, space));
    assertEquals(sizes, ScalePlan.sizesOf("volatile", sizes, false, space), "volatile: no files");
    // too small for any size: the smallest still runs and reports what the store says
    assertEquals(List.of(250_000L), ScalePlan.sizesOf("jpdt", sizes, false, 1));
  }

  @Test
  void heapsAreTheLiveSetTimesTheFactor() {
    assertEquals(1024, ScalePlan.heapMb("jpdt", 250_000), "at least 1 GiB");
    long volatileMb = ScalePlan.heapMb("volatile", 7_000_000);
    assertEquals((long) Math.ceil(1.75 * 1400 * 7_000_000 / (1 << 20)) + 256, volatileMb);
    assertEquals(true, ScalePlan.heapMb("jpdt", 7_000_000) < volatileMb / 5);
  }

  @Test
  void sizesPrintAsGigabytes() {
    assertEquals("0.25", ScalePlan.gb(250_000));
    assertEquals("0.5", ScalePlan.gb(500_000));
    assertEquals("7", ScalePlan.gb(7_000_000));
    assertEquals("0.004", ScalePlan.gb(4_000));
  }
}
