package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.Test;

/** The ordered map beyond the java.util contract: equivalences, scans, restarts, memory. */
class PSkipListMapTest {

  @Test
  void aPStringKeyedMapIsNavigatedWithStringsAndTheOtherWayRound() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("either", 1 << 20);
      PSkipListMap<PString, PString> p = new PSkipListMap<>(heap, pstrings(), pstrings());
      for (String k : List.of("b", "d", "f")) p.put(new PString(heap, k), new PString(heap, k + k));
      assertEquals("dd", p.get("d").toString());
      @SuppressWarnings({"unchecked", "rawtypes"})
      NavigableMap<Object, Object> raw = (NavigableMap) p;
      assertEquals("d", raw.ceilingKey("c").toString());
      assertEquals("b", raw.lowerKey("d").toString());
      assertEquals(List.of("d", "f"), texts(raw.tailMap("c", true).keySet()));

      PSkipListMap<String, String> s = new PSkipListMap<>(heap, strings(), strings());
      s.put("b", "1");
      s.put("d", "2");
      assertEquals("2", s.get(new PString(heap, "d")));
      assertEquals("2", s.remove(new PString(heap, "d")));
      assertEquals("{b=1}", s.toString());
    }
  }

  @Test
  void rangeScansSeeKeysInOrder() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("scan", 8 << 20);
      PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings(), 16);
      TreeMap<String, String> twin = new TreeMap<>();
      Random r = new Random(5);
      for (int i = 0; i < 2000; i++) {
        String k = String.format("user:%05d", r.nextInt(10_000));
        m.put(k, "v" + i);
        twin.put(k, "v" + i);
      }
      assertEquals(twin, m);
      assertEquals(
          new ArrayList<>(twin.subMap("user:02000", "user:03000").entrySet()),
          new ArrayList<>(m.subMap("user:02000", "user:03000").entrySet()));
      assertEquals(
          new ArrayList<>(twin.descendingMap().headMap("user:09000").keySet()),
          new ArrayList<>(m.descendingMap().headMap("user:09000").keySet()));
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class, () -> m.headMap("user:01000").put("user:05000", "x"));
      assertTrue(e.getMessage().contains("out of range"), e.getMessage());
      assertNull(m.headMap("user:01000").remove(twin.lastKey()), "out of range: not removed");
    }
  }

  @Test
  void entriesSurviveARestartInOrderAndTheRebuildWritesNothing() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("restart");
      TreeMap<String, String> expected = new TreeMap<>();
      int n = 3 * Parallel.SERIAL_BELOW;
      try (Heap heap = Heap.create(p, 64 << 20)) {
        PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings());
        heap.roots().put("m", m);
        Random r = new Random(3);
        for (int i = 0; i < n; i++) {
          String k = Integer.toString(r.nextInt(4 * n), 36);
          if (i % 5 == 4) assertEquals(expected.remove(k), m.remove(k));
          else assertEquals(expected.put(k, "v" + i), m.put(k, "v" + i));
        }
        HeapAudit.assertNothingLeaked(heap);
      }
      try (Heap heap = Heap.open(p)) {
        AtomicReference<PSkipListMap<String, String>> seen = new AtomicReference<>();
        CrashStats rebuild = CrashTest.count(heap, h -> seen.set(h.roots().get("m")));
        assertEquals(0, rebuild.stores(), rebuild::toString);
        PSkipListMap<String, String> m = seen.get();
        assertEquals(expected.size(), m.size());
        assertEquals(new ArrayList<>(expected.entrySet()), new ArrayList<>(m.entrySet()));
        assertEquals(expected.firstKey(), m.firstKey());
      }
    }
  }

  @Test
  void setReplacesWithoutReturningAndRangeViewsKeepTheirBounds() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("set", 4 << 20);
      PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings());
      heap.roots().put("m", m);
      assertTrue(m.set("b", "1"));
      assertFalse(m.set("b", "2"));
      assertEquals("2", m.get("b"));
      m.subMap("a", "c").putAll(java.util.Map.of("a", "x", "b", "3"));
      assertEquals("3", m.get("b"));
      assertThrows(
          IllegalArgumentException.class,
          () -> m.subMap("a", "c").putAll(java.util.Map.of("z", "x")));
      assertEquals(java.util.List.of("a", "b"), new java.util.ArrayList<>(m.keySet()));
      HeapAudit.assertNothingLeaked(heap);
    }
  }

  @Test
  void memoryOfPolledEntriesIsReusedAtOnce() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("reuse", 1 << 20);
      PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings());
      heap.roots().put("m", m);
      String big = "v".repeat(3000);
      for (int i = 0; i < 5_000; i++) {
        m.put(String.format("%06d", i), big);
        if (m.size() > 3) m.pollFirstEntry();
      }
      assertEquals(3, m.size());
      assertEquals("004997", m.firstKey());
      HeapAudit.assertNothingLeaked(heap);
    }
  }

  @Test
  void twoEntriesWithEquivalentKeysAreReportedAtRebuild() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("duplicate");
      try (Heap heap = Heap.create(p, 1 << 20)) {
        PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings());
        heap.roots().put("m", m);
        m.put("a", "1");
        m.put("b", "2");
        long a = m.core.index.get("a").entry;
        long b = m.core.index.get("b").entry;
        Pmem.putLong(b + org.jnvm.core.heap.ObjectLayout.HEADER, EntryLayout.key(a));
        Pmem.persist(b, 64);
      }
      try (Heap heap = Heap.open(p)) {
        HeapCorruptException e =
            assertThrows(HeapCorruptException.class, () -> heap.roots().get("m"));
        assertTrue(e.getMessage().contains("two entries with equivalent keys"), e.getMessage());
      }
    }
  }

  @Test
  void keysNeedAnOrderedType() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("unordered", 1 << 20);
      PSkipListMap<String, String> m = new PSkipListMap<>(heap, strings(), strings());
      ClassCastException e =
          assertThrows(
              ClassCastException.class, () -> OrderedCore.ordered(org.jnvm.jpdt.PTypes.bytes()));
      assertTrue(e.getMessage().contains("bytes"), e.getMessage());
      assertEquals(Map.of(), m);
    }
  }

  private static List<String> texts(Iterable<?> keys) {
    List<String> l = new ArrayList<>();
    for (Object k : keys) l.add(k.toString());
    return l;
  }
}
