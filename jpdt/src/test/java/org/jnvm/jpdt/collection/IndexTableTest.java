package org.jnvm.jpdt.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link IndexTable} against a {@code HashMap} model. Keys here are plain numbers standing for key
 * offsets, matched by equality; the hash is chosen by the test so that few distinct hashes force
 * long probe runs, wrap-around at the end of the array and back-shifts across it. Two keys in three
 * have an image (the key's number and its complement, 16 bytes), so lookups compare images, fall
 * back to the matcher, and never confuse a key with an image with one without.
 */
class IndexTableTest {
  private static final IndexTable.KeyMatcher SAME = (k, key) -> k == (Long) key;
  private static final long[] NONE = new long[3];

  /** One model entry: what the table must return for a key. */
  private record Row(int hash, int slot, long value, long entry) {}

  @ParameterizedTest
  @ValueSource(ints = {1, 3, 64, 1 << 20})
  void randomOperationsMatchAModel(int distinctHashes) {
    Random r = new Random(distinctHashes);
    IndexTable t = new IndexTable(0);
    Map<Long, Row> model = new HashMap<>();
    for (int op = 0; op < 40_000; op++) {
      long key = 8 + 8L * r.nextInt(2_000);
      int hash = hashOf(key, distinctHashes);
      int at = find(t, hash, key);
      Row row = model.get(key);
      assertEquals(row != null, at >= 0, "presence of key " + key + " at op " + op);
      if (row != null) {
        assertEquals(row, rowAt(t, at), "entry of key " + key);
        switch (r.nextInt(3)) {
          case 0 -> {
            t.removeAt(at);
            model.remove(key);
          }
          case 1 -> {
            long v = r.nextLong();
            t.valueOffset(at, v);
            model.put(key, new Row(hash, row.slot(), v, row.entry()));
          }
          default -> {}
        }
      } else if (r.nextInt(4) != 0) {
        Row fresh = new Row(hash, r.nextInt(1 << 30), r.nextLong(), r.nextLong());
        add(t, hash, fresh.slot(), key, fresh.value(), fresh.entry());
        model.put(key, fresh);
      }
      assertEquals(model.size(), t.size());
    }
    assertEquals(model, contents(t));
  }

  @Test
  void aRunThatWrapsAroundTheEndShiftsBackAcrossIt() {
    IndexTable t = new IndexTable(1);
    int capacity = t.capacity();
    int hash = hashWithHome(capacity - 2);
    // One hash for all: a single run from the second-to-last position, wrapping to the start.
    int n = capacity / 2;
    for (int k = 1; k <= n; k++) add(t, hash, k, 8L * k, k, k);
    assertTrue(t.used(0) && t.used(capacity - 1), "the run wraps");
    for (int k = 1; k <= n; k += 2) t.removeAt(find(t, hash, 8L * k));
    for (int k = 1; k <= n; k++) {
      int at = find(t, hash, 8L * k);
      assertEquals(k % 2 == 0, at >= 0, "key " + k);
      if (at >= 0) assertEquals(k, t.slot(at));
    }
    assertEquals(n / 2, contents(t).size());
  }

  /** A hash whose first position in an empty minimum-size table is {@code pos}. */
  private static int hashWithHome(int pos) {
    for (int h = 0; ; h++) {
      IndexTable probe = new IndexTable(1);
      add(probe, h, 0, 8, 0, 0);
      if (probe.used(pos)) return h;
    }
  }

  @Test
  void growsKeepingEveryEntryAndClearEmpties() {
    IndexTable t = new IndexTable(0);
    int n = 100_000;
    for (int i = 1; i <= n; i++) add(t, Integer.hashCode(i * 31), i, 8L * i, i, i);
    assertTrue(t.capacity() * 3L / 4 >= n, "load at most 3/4: capacity " + t.capacity());
    for (int i = 1; i <= n; i++) assertEquals(i, t.slot(find(t, i * 31, 8L * i)));
    t.clear();
    assertEquals(0, t.size());
    assertEquals(-1, find(t, 31, 8L));
  }

  @Test
  void keysAreComparedByImageWhenEitherHasOne() {
    IndexTable t = new IndexTable(0);
    long[] image = {1, 2, 3};
    t.add(5, 1, image, 24, 64, 0, 0);
    t.add(5, 2, NONE, -1, 128, 0, 0);
    assertEquals(1, t.slot(t.find(5, new long[] {1, 2, 3}, 24, 999L, SAME)), "same image");
    assertEquals(-1, t.find(5, new long[] {1, 2, 4}, 24, 64L, SAME), "another image, same offset");
    assertEquals(-1, t.find(5, new long[] {1, 2, 3}, 23, 64L, SAME), "another length");
    assertEquals(2, t.slot(t.find(5, NONE, -1, 128L, SAME)), "no image: by the matcher");
    assertEquals(-1, t.find(5, NONE, -1, 64L, SAME), "no image never equals an image");
    assertEquals(-1, t.find(6, new long[] {1, 2, 3}, 24, 64L, SAME), "another hash");
  }

  @Test
  void anEmptyTableHoldsNoArrayUntilItsFirstEntryAndAfterClear() {
    IndexTable t = new IndexTable(0);
    assertEquals(0, t.capacity());
    assertEquals(-1, find(t, 3, 8));
    add(t, 3, 1, 8, 0, 0);
    assertEquals(1, t.slot(find(t, 3, 8)));
    t.clear();
    assertEquals(0, t.capacity());
    assertEquals(-1, find(t, 3, 8));
    add(t, 3, 2, 8, 0, 0);
    assertEquals(2, t.slot(find(t, 3, 8)));
  }

  @Test
  void presizedTableDoesNotGrowWhileFilled() {
    IndexTable t = new IndexTable(1000);
    int capacity = t.capacity();
    for (int i = 1; i <= 1000; i++) add(t, i, i, 8L * i, i, i);
    assertEquals(capacity, t.capacity());
  }

  @Test
  void refusesAnImpossibleSize() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new IndexTable(Integer.MAX_VALUE));
    assertTrue(e.getMessage().contains(Integer.toString(Integer.MAX_VALUE)), e.getMessage());
  }

  /** Keys not divisible by 3 have an image: the key and its complement. */
  private static int image(long key, long[] dst) {
    if (key % 3 == 0) return -1;
    dst[0] = key;
    dst[1] = ~key;
    dst[2] = 0;
    return 16;
  }

  private static int find(IndexTable t, int hash, long key) {
    long[] image = new long[3];
    return t.find(hash, image, image(key, image), key, SAME);
  }

  private static void add(IndexTable t, int hash, int slot, long key, long value, long entry) {
    long[] image = new long[3];
    t.add(hash, slot, image, image(key, image), key, value, entry);
  }

  private static int hashOf(long key, int distinct) {
    return (int) (Long.hashCode(key * 0x9E3779B97F4A7C15L) % distinct);
  }

  private static Row rowAt(IndexTable t, int at) {
    return new Row(t.hash(at), t.slot(at), t.valueOffset(at), t.entry(at));
  }

  private static Map<Long, Row> contents(IndexTable t) {
    Map<Long, Row> out = new HashMap<>();
    Set<Long> seen = new HashSet<>();
    for (int at = 0; at < t.capacity(); at++) {
      if (!t.used(at)) continue;
      assertTrue(seen.add(t.keyOffset(at)), "key indexed twice: " + t.keyOffset(at));
      out.put(t.keyOffset(at), rowAt(t, at));
    }
    return out;
  }
}
