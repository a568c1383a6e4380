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
 * long probe runs, wrap-around at the end of the array and back-shifts across it.
 */
class IndexTableTest {
  private static final IndexTable.KeyMatcher SAME = (k, key) -> k == (Long) key;

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
      int at = t.find(hash, key, SAME);
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
        t.add(hash, fresh.slot(), key, fresh.value(), fresh.entry());
        model.put(key, fresh);
      }
      assertEquals(model.size(), t.size());
    }
    assertEquals(model, contents(t));
  }

  @Test
  void aRunThatWrapsAroundTheEndShiftsBackAcrossIt() {
    IndexTable t = new IndexTable(0);
    int capacity = t.capacity();
    int hash = hashWithHome(capacity - 2);
    // One hash for all: a single run from the second-to-last position, wrapping to the start.
    int n = capacity / 2;
    for (int k = 1; k <= n; k++) t.add(hash, k, 8L * k, k, k);
    assertTrue(t.used(0) && t.used(capacity - 1), "the run wraps");
    for (int k = 1; k <= n; k += 2) t.removeAt(t.find(hash, 8L * k, SAME));
    for (int k = 1; k <= n; k++) {
      int at = t.find(hash, 8L * k, SAME);
      assertEquals(k % 2 == 0, at >= 0, "key " + k);
      if (at >= 0) assertEquals(k, t.slot(at));
    }
    assertEquals(n / 2, contents(t).size());
  }

  /** A hash whose first position in an empty minimum-size table is {@code pos}. */
  private static int hashWithHome(int pos) {
    for (int h = 0; ; h++) {
      IndexTable probe = new IndexTable(0);
      probe.add(h, 0, 8, 0, 0);
      if (probe.used(pos)) return h;
    }
  }

  @Test
  void growsKeepingEveryEntryAndClearEmpties() {
    IndexTable t = new IndexTable(0);
    int n = 100_000;
    for (int i = 1; i <= n; i++) t.add(Integer.hashCode(i * 31), i, 8L * i, i, i);
    assertTrue(t.capacity() * 3L / 4 >= n, "load at most 3/4: capacity " + t.capacity());
    for (int i = 1; i <= n; i++) assertEquals(i, t.slot(t.find(i * 31, 8L * i, SAME)));
    t.clear();
    assertEquals(0, t.size());
    assertEquals(-1, t.find(31, 8L, SAME));
  }

  @Test
  void presizedTableDoesNotGrowWhileFilled() {
    IndexTable t = new IndexTable(1000);
    int capacity = t.capacity();
    for (int i = 1; i <= 1000; i++) t.add(i, i, 8L * i, i, i);
    assertEquals(capacity, t.capacity());
  }

  @Test
  void refusesAnImpossibleSize() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new IndexTable(Integer.MAX_VALUE));
    assertTrue(e.getMessage().contains(Integer.toString(Integer.MAX_VALUE)), e.getMessage());
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
