package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.bytes;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.HeapRepair;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.collection.MapCrashTest.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * {@code jnvm check --repair} on J-PDT maps, layer by layer: each damage that check reports is
 * repaired to a heap that passes check, every intact entry still reads its value, and each entry
 * the repair dropped is listed (by key where the key is known); nothing answers a wrong value.
 */
class ContainerRepairTest {
  private static final int N = 6;

  private interface Damage {
    /** Damages map {@code m} (offset), with {@code m2} a second map of the same heap. */
    void apply(Heap heap, long m, long m2);
  }

  private enum Case {
    SLOT_TO_ANOTHER_ENTRY((h, m, m2) -> Pmem.putLong(slots(h, m)[0], slots(h, m)[3])),
    SLOT_TO_A_STRING((h, m, m2) -> Pmem.putLong(slots(h, m)[0], key(h, slots(h, m)[1]))),
    VALUE_TO_ITS_KEY(
        (h, m, m2) -> {
          long rec = h.base() + slots(h, m)[1];
          EntryLayout.value(rec, EntryLayout.key(rec));
        }),
    VALUE_OUTSIDE_THE_HEAP((h, m, m2) -> EntryLayout.value(h.base() + slots(h, m)[1], 1L << 40)),
    KEY_STORED_HASH(
        (h, m, m2) -> Pmem.putInt(h.base() + key(h, slots(h, m)[1]) + ObjectLayout.HEADER, 77)),
    SHARED_VALUE_COPY(
        (h, m, m2) -> {
          long[] s = slots(h, m);
          EntryLayout.value(h.base() + s[1], EntryLayout.value(h.base() + s[3]));
        }),
    KEY_OF_ANOTHER_MAP(
        (h, m, m2) -> EntryLayout.key(h.base() + slots(h, m)[1], key(h, slots(h, m2)[1])));

    final Damage damage;

    Case(Damage d) {
      this.damage = d;
    }
  }

  private static long key(Heap h, long entry) {
    return EntryLayout.key(h.base() + entry);
  }

  /** The first two slots of map {@code m}: {slot address, entry offset} twice. */
  private static long[] slots(Heap h, long m) {
    long dir = h.base() + MapLayout.directory(h.base() + m);
    long[] found = new long[4];
    int n = 0;
    for (int i = 0; i < BlockLayout.length(dir) && n < 2; i++) {
      long seg = h.base() + BlockLayout.ref(dir, i);
      for (int j = 0; j < BlockLayout.length(seg) && n < 2; j++) {
        long e = BlockLayout.ref(seg, j);
        if (e != 0) {
          found[2 * n] = BlockLayout.address(seg, j);
          found[2 * n + 1] = e;
          n++;
        }
      }
    }
    return found;
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void everyDamageIsRepairedToAHeapThatPassesCheckKeepingEveryIntactEntry(Kind kind)
      throws Exception {
    for (Case c : Case.values()) repairs(kind, c);
  }

  private static void repairs(Kind kind, Case c) throws Exception {
    String what = kind + " " + c;
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("repair-" + kind + "-" + c);
      try (Heap h = Heap.create(p, 1 << 20)) {
        Map<String, byte[]> m = kind.create(h, strings(), bytes(), 4);
        Map<String, byte[]> m2 = kind.create(h, strings(), bytes(), 4);
        for (int i = 0; i < N; i++) {
          m.put("k" + i, new byte[] {(byte) i});
          m2.put("o" + i, new byte[] {(byte) (100 + i)});
        }
        h.roots().put("m", (PObject) m);
        h.roots().put("m2", (PObject) m2);
        c.damage.apply(h, ((PObject) m).offset(), ((PObject) m2).offset());
      }
      HeapCheck.Result before = HeapCheck.check(p);
      assertFalse(before.ok(), what + ": check sees the damage");
      HeapRepair.Result r = HeapRepair.repair(p);
      t.track(r.backup());
      assertTrue(r.after().ok(), what + ": " + r.after() + "\n" + r.cut() + "\n" + r.lost());
      assertFalse(r.lost().isEmpty(), what + ": the repair lists what it dropped");
      try (Heap h = Heap.open(p)) {
        int missing = 0;
        missing += readBack(h.roots().get("m"), "k", 0, r.lost(), what);
        missing += readBack(h.roots().get("m2"), "o", 100, r.lost(), what);
        assertEquals(r.lost().size(), missing, what + ": one lost line per entry gone " + r.lost());
        System.out.printf(
            "[repair] %-10s %-22s | check 0 after repair | kept %2d of %d | lost: %s%n",
            kind, c, 2 * N - missing, 2 * N, r.lost());
      }
      assertTrue(HeapCheck.check(p).ok(), what + ": still clean after a read-write open");
    }
  }

  /**
   * Each key of the map still there reads its own value; a key that is gone is named in {@code
   * lost} unless the repair could not know it (an entry no slot referenced any more). Returns how
   * many are gone.
   */
  @SuppressWarnings("unchecked")
  private static int readBack(Object map, String prefix, int base, List<String> lost, String what) {
    Map<String, byte[]> m = (Map<String, byte[]>) map;
    int missing = 0;
    for (int i = 0; i < N; i++) {
      byte[] v = m.get(prefix + i);
      if (v == null) {
        missing++;
        continue;
      }
      assertArrayEquals(new byte[] {(byte) (base + i)}, v, what + ": " + prefix + i);
    }
    assertEquals(N - missing, m.size(), what + ": size");
    for (String l : lost) {
      int at = l.indexOf("key \"" + prefix);
      if (at < 0) continue;
      String k = l.substring(at + 5, l.indexOf('"', at + 5));
      assertTrue(m.get(k) == null, what + ": a key listed as lost is gone: " + k);
    }
    return missing;
  }
}
