package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.bytes;
import static org.jnvm.jpdt.PTypes.objects;
import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Random;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.Test;

/** The hash maps beyond the java.util contract: equivalences, growth, restarts, memory. */
class PHashMapTest {

  @Test
  void aStringKeyedMapAnswersLookupsWithPStrings() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("string-keys", 1 << 20);
      PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings());
      m.put("alice", "admin");
      PString probe = new PString(heap, "alice");
      assertEquals("admin", m.get(probe));
      assertTrue(m.containsKey(probe));
      assertTrue(m.containsValue(new PString(heap, "admin")));
      assertFalse(m.containsKey(new PString(heap, "bob")));
      assertEquals("admin", m.remove(probe));
      assertTrue(m.isEmpty());
    }
  }

  @Test
  void aPStringKeyedMapAnswersLookupsWithStrings() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("pstring-keys", 1 << 20);
      PHashMap<PString, PString> m = new PHashMap<>(heap, pstrings(), pstrings());
      PString k = new PString(heap, "caf\u00e9");
      PString v = new PString(heap, "\u2603");
      m.put(k, v);
      assertEquals(v.address(), m.get("caf\u00e9").address());
      assertTrue(m.containsKey("caf\u00e9"));
      assertTrue(m.containsValue("\u2603"));
      assertEquals(v, m.put(new PString(heap, "caf\u00e9"), new PString(heap, "new")));
      assertEquals(1, m.size(), "an equal key in either form is the same key");
      assertEquals(k.address(), m.keySet().iterator().next().address(), "the first key is kept");
      assertEquals("new", m.remove("caf\u00e9").toString());
    }
  }

  @Test
  void byteArrayKeysAreComparedByContent() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("bytes", 1 << 20);
      PHashMap<byte[], byte[]> m = new PHashMap<>(heap, bytes(), bytes());
      m.put(new byte[] {1, 2}, new byte[] {3});
      assertArrayEquals(new byte[] {3}, m.get(new byte[] {1, 2}));
      assertNull(m.get(new byte[] {1, 2, 0}));
      assertArrayEquals(new byte[] {3}, m.put(new byte[] {1, 2}, new byte[] {4}));
      assertEquals(1, m.size());
    }
  }

  @Test
  void objectKeysUseTheirOwnEquality() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("objects", 1 << 20);
      PHashMap<PObject, PObject> m = new PHashMap<>(heap, objects(), objects());
      PString a = new PString(heap, "a");
      m.put(a, a);
      assertEquals(a, m.get(new PString(heap, "a")), "PString's equality is by content");
      assertNull(m.get("a"), "objects() has no String equivalence");
    }
  }

  @Test
  void nullsAndForeignTypesAreHandledLikeConcurrentHashMap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("nulls", 1 << 20);
      PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings());
      assertThrows(NullPointerException.class, () -> m.put(null, "v"));
      assertThrows(NullPointerException.class, () -> m.put("k", null));
      assertThrows(NullPointerException.class, () -> m.get(null));
      assertNull(m.get(42), "a key the type does not accept is absent");
      assertNull(m.remove(new Object()));
      assertFalse(m.remove("k", null));
      @SuppressWarnings({"unchecked", "rawtypes"})
      Map<Object, String> raw = (Map) m;
      ClassCastException e = assertThrows(ClassCastException.class, () -> raw.put(42, "v"));
      assertTrue(e.getMessage().contains("strings"), e.getMessage());
    }
  }

  @Test
  void growsBySegmentsAndDoublesItsDirectory() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("growth", 4 << 20);
      PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings(), 3);
      assertEquals(new StorageStats(0, 0, 3, EntryStore.INITIAL_DIRECTORY, 0), m.storageStats());
      for (int i = 0; i < 100; i++) m.put("k" + i, "v" + i);
      StorageStats s = m.storageStats();
      assertEquals(100, s.entries());
      assertEquals(34, s.segments(), "ceil(100 / 3)");
      assertEquals(64, s.directoryCapacity(), "4 doubled four times");
      for (int i = 0; i < 100; i++) assertEquals("v" + i, m.get("k" + i));
    }
  }

  /**
   * Keys with a volatile image in the index (Latin-1, at most 24 chars) and without (longer, or
   * UTF-16), several with equal hashes ("Aa" and "BB" hash alike), found in both forms before and
   * after a restart (the index is rebuilt from the heap).
   */
  @Test
  void keysWithAndWithoutIndexImagesAreFoundInBothForms() throws Exception {
    java.util.List<String> keys = new java.util.ArrayList<>();
    for (String unit : new String[] {"Aa", "BB"}) {
      for (int n : new int[] {1, 12, 13}) keys.add(unit.repeat(n)); // 2, 24 and 26 chars
    }
    keys.addAll(java.util.List.of("AaBB", "BBAa", "x".repeat(24), "x".repeat(25), "\u0100\u0101"));
    keys.add("\u0100".repeat(30));
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("images");
      try (Heap heap = Heap.create(p, 4 << 20)) {
        PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings());
        heap.roots().put("m", m);
        for (String k : keys) assertNull(m.put(k, "v-" + k), k);
        assertEquals(keys.size(), m.size());
        assertFoundInBothForms(heap, m, keys);
      }
      try (Heap heap = Heap.open(p)) {
        PHashMap<String, String> m = heap.roots().get("m");
        assertFoundInBothForms(heap, m, keys);
        assertNull(m.get("Ab"), "same length and hash class, absent");
        for (String k : keys) assertEquals("v-" + k, m.remove(new PString(heap, k)), k);
        assertTrue(m.isEmpty());
      }
    }
  }

  private static void assertFoundInBothForms(
      Heap heap, Map<String, String> m, Iterable<String> ks) {
    for (String k : ks) {
      assertEquals("v-" + k, m.get(k), k);
      assertEquals("v-" + k, m.get(new PString(heap, k)), k);
      assertEquals("v-" + k, m.get(new String(k.toCharArray())), k);
    }
  }

  @Test
  void setReplacesWithoutReturningAndFreesTheOldValue() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("set", 4 << 20);
      PHashMap<String, byte[]> m = new PHashMap<>(heap, strings(), bytes());
      heap.roots().put("m", m);
      assertTrue(m.set("k", new byte[] {1}), "absent: a new entry");
      assertFalse(m.set("k", new byte[] {2, 2}), "present: replaced");
      assertArrayEquals(new byte[] {2, 2}, m.get("k"));
      m.putAll(Map.of("k", new byte[] {3}, "j", new byte[] {4}));
      assertArrayEquals(new byte[] {3}, m.get("k"));
      assertEquals(2, m.size());
      HeapAudit.assertNothingLeaked(heap);
      assertThrows(NullPointerException.class, () -> m.set("k", null));
    }
  }

  @Test
  void entriesSurviveARestartAndRemovedOnesStayRemoved() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("restart");
      Map<String, String> expected = new HashMap<>();
      try (Heap heap = Heap.create(p, 8 << 20)) {
        PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings(), 7);
        heap.roots().put("m", m);
        Random r = new Random(11);
        for (int i = 0; i < 3000; i++) {
          String k = "key" + r.nextInt(500);
          if (r.nextInt(3) == 0) assertEquals(expected.remove(k), m.remove(k));
          else assertEquals(expected.put(k, "v" + i), m.put(k, "v" + i));
        }
        assertEquals(expected, m);
        HeapAudit.assertNothingLeaked(heap);
      }
      try (Heap heap = Heap.open(p)) {
        PHashMap<String, String> m = heap.roots().get("m");
        assertEquals(expected, m);
        assertEquals(expected.size(), m.size());
        for (String k : expected.keySet()) assertTrue(m.containsKey(new PString(heap, k)));
        long live = heap.recoveryReport().liveObjects();
        StorageStats s = m.storageStats();
        assertEquals(live, other(heap) + s.structureObjects() + 2 * s.entries());
        m.put("after", "restart");
        m.remove(expected.keySet().iterator().next());
      }
    }
  }

  @Test
  void memoryOfRemovedAndReplacedEntriesIsReusedAtOnce() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("reuse", 1 << 20);
      PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings());
      heap.roots().put("m", m);
      String big = "v".repeat(2000);
      // 20000 entries of ~2 KiB each would need ~40 MiB; the heap has 1 MiB.
      for (int i = 0; i < 10_000; i++) {
        m.put("k" + (i % 3), big + i);
        if (i % 2 == 1) m.remove("k" + (i % 3));
      }
      int freeBefore = heap.freeChunks();
      for (int i = 0; i < 1_000; i++) {
        m.put("x", big);
        m.remove("x");
      }
      assertEquals(freeBefore, heap.freeChunks(), "steady state: no chunk taken");
      HeapAudit.assertNothingLeaked(heap);
    }
  }

  @Test
  void clearFreesEverythingAtOnce() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("clear");
      try (Heap heap = Heap.create(p, 2 << 20)) {
        PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings(), 4);
        heap.roots().put("m", m);
        for (int i = 0; i < 200; i++) m.put("k" + i, "v" + i);
        Iterator<String> it = m.keySet().iterator();
        m.clear();
        assertTrue(m.isEmpty());
        assertEquals(new StorageStats(0, 0, 4, EntryStore.INITIAL_DIRECTORY, 0), m.storageStats());
        while (it.hasNext()) assertTrue(it.next().startsWith("k"));
        m.put("again", "1");
        HeapAudit.assertNothingLeaked(heap);
      }
      try (Heap heap = Heap.open(p)) {
        assertEquals(Map.of("again", "1"), heap.roots().get("m"));
      }
    }
  }

  @Test
  void everyProxyOfOneMapSharesOneIndex() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("proxies");
      try (Heap heap = Heap.create(p, 1 << 20)) {
        heap.roots().put("m", new PConcurrentHashMap<>(heap, strings(), strings()));
      }
      try (Heap heap = Heap.open(p)) {
        PConcurrentHashMap<String, String> a = heap.roots().get("m");
        PConcurrentHashMap<String, String> b = heap.roots().get("m");
        a.put("k", "v");
        assertEquals("v", b.get("k"));
        assertSame(a.core, b.core);
      }
    }
  }

  @Test
  void typedChecksTheRecordedTypes() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("typed", 1 << 20);
      heap.roots().put("m", new PHashMap<>(heap, strings(), pstrings()));
      PHashMap<?, ?> m = heap.roots().get("m");
      assertSame(m, m.typed(strings(), pstrings()));
      ClassCastException e =
          assertThrows(ClassCastException.class, () -> m.typed(strings(), strings()));
      assertTrue(e.getMessage().contains("strings -> pstrings"), e.getMessage());
    }
  }

  @Test
  void aSlotThatIsNotAnEntryIsReportedAtRebuild() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("corrupt");
      try (Heap heap = Heap.create(p, 1 << 20)) {
        PHashMap<String, String> m = new PHashMap<>(heap, strings(), strings());
        heap.roots().put("m", m);
        m.put("k", "v");
        PString intruder = new PString(heap, "not an entry");
        long slot = m.core.store.slotAddress(0);
        org.jnvm.core.pmem.Pmem.putLong(slot, intruder.offset());
        org.jnvm.core.pmem.Pmem.persist(slot, 8);
      }
      try (Heap heap = Heap.open(p)) {
        org.jnvm.core.heap.HeapCorruptException e =
            assertThrows(
                org.jnvm.core.heap.HeapCorruptException.class, () -> heap.roots().get("m"));
        assertTrue(e.getMessage().contains("slot 0 holds a PString, not an entry"), e.getMessage());
      }
    }
  }

  /** Objects reachable from the roots outside the map: the roots and registry segments etc. */
  private static long other(Heap heap) {
    long all = heap.verify().reachable();
    PHashMap<String, String> m = heap.roots().get("m");
    StorageStats s = m.storageStats();
    return all - s.structureObjects() - 2 * s.entries();
  }
}
