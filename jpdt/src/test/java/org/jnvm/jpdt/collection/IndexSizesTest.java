package org.jnvm.jpdt.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * How the index's tables are sized: 2^k - 1 rows (an array that ends just inside a power of two
 * bytes, so a humongous one fills its G1 regions exactly), doubling at the load limit their owner
 * chose, and the parts of one index doubling at different sizes.
 */
class IndexSizesTest {
  private static final long[] NO_IMAGE = new long[3];

  @Test
  void aTableHasOneRowLessThanAPowerOfTwoAndEndsInsideAPowerOfTwoBytes() {
    IndexTable t = new IndexTable(0);
    Random r = new Random(1);
    int grown = 0;
    int capacity = t.capacity();
    for (int i = 1; i <= 200_000; i++) {
      add(t, r.nextInt(), i);
      if (t.capacity() != capacity) {
        capacity = t.capacity();
        grown++;
        assertEquals(1, Integer.bitCount(capacity + 1), "capacity " + capacity);
        long bytes = 16 + (long) capacity * IndexTable.STRIDE * Long.BYTES; // array header: 16
        assertEquals(Long.highestOneBit(bytes) << 1, bytes + 48, "array bytes " + bytes);
      }
    }
    assertTrue(grown >= 10, "grew " + grown + " times");
  }

  @Test
  void aTableGrowsWhenItHoldsItsLoadLimit() {
    for (int load :
        new int[] {IndexTable.MIN_LOAD, 176, IndexTable.DEFAULT_LOAD, IndexTable.MAX_LOAD}) {
      IndexTable t = new IndexTable(0, load);
      Random r = new Random(load);
      int capacity = -1;
      for (int i = 1; i <= 100_000; i++) {
        int before = t.capacity();
        add(t, r.nextInt(), i);
        if (t.capacity() != before && before > 0) {
          assertEquals(before * (long) load / IndexTable.LOAD_UNIT + 1, i, "load " + load);
          capacity = t.capacity();
        }
      }
      assertTrue(
          capacity > 100_000L * IndexTable.LOAD_UNIT / load,
          "load " + load + " capacity " + capacity);
    }
  }

  @Test
  void aPresizedTableHoldsItsEntriesAtItsLoadWithoutGrowing() {
    for (int n : new int[] {1, 7, 1000, 65_536}) {
      IndexTable t = new IndexTable(n, 176);
      int capacity = t.capacity();
      for (int i = 1; i <= n; i++) add(t, i * 31, i);
      assertEquals(capacity, t.capacity(), n + " entries");
      assertTrue(n <= capacity * 176L / 256, "capacity " + capacity);
      // the fewest rows: the next smaller table (half, rounded down) would not hold them
      assertTrue(capacity == 15 || n > (capacity / 2) * 176L / 256, "capacity " + capacity);
    }
  }

  @Test
  void loadLimitsOutsideTheRangeAreRefused() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new IndexTable(0, 240));
    assertTrue(e.getMessage().contains("240/256"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new IndexTable(0, 127));
  }

  @Test
  void thePartsOfAnIndexHaveLoadsSpreadOverTheRange() {
    for (int count : new int[] {2, 16, 64, 256}) {
      int[] loads = new int[count];
      for (int p = 0; p < count; p++) loads[p] = HashIndex.loadOf(p, count);
      assertEquals(HashIndex.LOWEST_LOAD, Arrays.stream(loads).min().getAsInt());
      assertEquals(HashIndex.HIGHEST_LOAD, Arrays.stream(loads).max().getAsInt());
      for (int load : loads) new IndexTable(0, load); // accepted
    }
  }

  /**
   * 64 parts filled as a concurrent map fills them (keys spread by hash): the inserts during which
   * the parts double from 4,095 to 8,191 rows span more than a tenth of the map's size, and no
   * fortieth of it sees more than a quarter of the parts double. With one load limit for all, every
   * part doubles within 6% of it (190,613 to 203,311 inserts).
   */
  @Test
  void thePartsOfAUniformlyFilledIndexDoubleAtDifferentSizes() {
    int count = 64;
    int shift = Integer.numberOfLeadingZeros(count) + 1;
    IndexTable[] parts = new IndexTable[count];
    for (int p = 0; p < count; p++) parts[p] = new IndexTable(0, HashIndex.loadOf(p, count));
    int[] doubledAt = new int[count];
    Random r = new Random(64);
    int total = 0;
    while (Arrays.stream(doubledAt).anyMatch(at -> at == 0)) {
      int hash = r.nextInt();
      int p = (hash * 0x9E3779B9) >>> shift;
      int before = parts[p].capacity();
      add(parts[p], hash, ++total);
      if (before == 4095 && parts[p].capacity() == 8191) doubledAt[p] = total;
    }
    Arrays.sort(doubledAt);
    int first = doubledAt[0];
    int last = doubledAt[count - 1];
    assertTrue(last - first > last / 10, "parts doubled between inserts " + first + " and " + last);
    int window = last / 40;
    for (int i = 0, j = 0; i < count; i++) {
      while (doubledAt[j] < doubledAt[i] - window) j++;
      assertTrue(
          i - j + 1 <= count / 4, (i - j + 1) + " parts doubled within " + window + " inserts");
    }
  }

  private static void add(IndexTable t, int hash, int i) {
    t.add(hash, i, NO_IMAGE, -1, 8L * i, i, i);
  }
}
