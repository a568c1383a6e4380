package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.jnvm.jpdt.POrderedType;
import org.jnvm.jpdt.PString;
import org.jnvm.jpdt.PType;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Every mutating operation of the three maps under the EVICTION model. Each crash image must show
 * the map after the acknowledged operations or after one more, hold no object beyond the map's own
 * (nothing leaked to recovery, nothing stale kept reachable), and still work: a put and a remove in
 * the image leave the other entries as they were. The ordered map's own operations (polls, range
 * views) are in {@link #orderedOperations}.
 */
class MapCrashTest {
  /** The three maps over the same persistent structure. */
  enum Kind {
    PLAIN,
    CONCURRENT,
    SKIP_LIST;

    @SuppressWarnings("unchecked")
    <K, V> Map<K, V> create(Heap heap, PType<K> k, PType<V> v, int slots) {
      return switch (this) {
        case PLAIN -> new PHashMap<>(heap, k, v, slots);
        case CONCURRENT -> new PConcurrentHashMap<>(heap, k, v, slots);
        case SKIP_LIST -> new PSkipListMap<>(heap, (POrderedType<K>) k, v, slots);
      };
    }
  }

  static StorageStats stats(Map<?, ?> m) {
    return m instanceof PSkipListMap<?, ?> s
        ? s.storageStats()
        : ((BaseHashMap<?, ?>) m).storageStats();
  }

  static PType<?> keyType(Map<?, ?> m) {
    return m instanceof PSkipListMap<?, ?> s ? s.keyType() : ((BaseHashMap<?, ?>) m).keyType();
  }

  /** Objects reachable outside the map, measured in the setup. */
  private final AtomicLong outside = new AtomicLong();

  private static Map<String, String> map(String... kv) {
    Map<String, String> m = new TreeMap<>();
    for (int i = 0; i < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
    return m;
  }

  /**
   * Inserts into a map with one slot per segment: every insert adds a segment, the fifth doubles
   * the directory (4 to 8 references), the ninth doubles it again.
   */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void insertsWithSegmentGrowthAndDirectoryDoubling(Kind kind) {
    Linearizable<Map<String, String>> h = new Linearizable<>(map());
    for (int i = 0; i < 9; i++) {
      Map<String, String> next = new TreeMap<>(h.state(i));
      next.put("k" + i, "v" + i);
      h.then(next);
    }
    run(
        kind + " insert and grow",
        kind,
        1,
        map(),
        h,
        m -> {
          for (int i = 0; i < 9; i++) {
            assertNull(m.put("k" + i, "v" + i));
            h.ack();
          }
        });
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void replacesValues(Kind kind) {
    Map<String, String> start = map("a", "1", "b", "2", "c", "3");
    Linearizable<Map<String, String>> h =
        new Linearizable<>(start)
            .then(map("a", "one", "b", "2", "c", "3"))
            .then(map("a", "one", "b", "two", "c", "3"))
            .then(map("a", "one", "b", "two", "c", "three"))
            .then(map("a", "ONE", "b", "two", "c", "three"))
            .then(map("a", "ONE", "b", "two", "c", "three " + "x".repeat(100)))
            .then(map("a", "ONE", "b", "TWO", "c", "three " + "x".repeat(100)))
            .then(map("a", "ONE", "b", "TWO", "c", "three " + "x".repeat(100), "d", "4"));
    run(
        kind + " replace",
        kind,
        2,
        start,
        h,
        m -> {
          assertEquals("1", m.put("a", "one"));
          h.ack();
          assertEquals("2", m.replace("b", "two"));
          h.ack();
          assertTrue(m.replace("c", "3", "three"));
          h.ack();
          setValue(m, "a", "ONE");
          h.ack();
          m.put("c", "three " + "x".repeat(100));
          h.ack();
          assertFalse(set(m, "b", "TWO"), "set of a present key");
          h.ack();
          assertTrue(set(m, "d", "4"), "set of an absent key");
          h.ack();
        });
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void removesAndReusesSlots(Kind kind) {
    Map<String, String> start = map("a", "1", "b", "2", "c", "3", "d", "4", "e", "5");
    Linearizable<Map<String, String>> h =
        new Linearizable<>(start)
            .then(map("b", "2", "c", "3", "d", "4", "e", "5"))
            .then(map("c", "3", "d", "4", "e", "5"))
            .then(map("d", "4", "e", "5"))
            .then(map("e", "5"))
            .then(map("e", "5", "f", "6"))
            .then(map("f", "6"));
    run(
        kind + " remove",
        kind,
        2,
        start,
        h,
        m -> {
          assertEquals("1", m.remove("a"));
          h.ack();
          assertTrue(m.remove("b", "2"));
          h.ack();
          assertTrue(m.keySet().remove("c"));
          h.ack();
          Iterator<String> it = m.keySet().iterator();
          while (!it.next().equals("d")) {}
          it.remove();
          h.ack();
          m.put("f", "6"); // takes a slot freed above
          h.ack();
          assertTrue(m.entrySet().remove(Map.entry("e", "5")));
          h.ack();
        });
  }

  /** Operations that find nothing to do change nothing, at any crash point. */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void conditionalOperations(Kind kind) {
    Map<String, String> start = map("a", "1");
    Linearizable<Map<String, String>> h =
        new Linearizable<>(start)
            .then(start)
            .then(map("a", "1", "b", "2"))
            .then(map("a", "1", "b", "2"))
            .then(map("a", "1", "b", "2"))
            .then(map("a", "1", "b", "2"));
    run(
        kind + " conditional",
        kind,
        2,
        start,
        h,
        m -> {
          assertEquals("1", m.putIfAbsent("a", "x"));
          h.ack();
          assertNull(m.putIfAbsent("b", "2"));
          h.ack();
          assertFalse(m.replace("a", "2", "x"));
          h.ack();
          assertFalse(m.remove("b", "1"));
          h.ack();
          assertNull(m.replace("z", "x"));
          h.ack();
        });
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void clearIsAtomic(Kind kind) {
    Map<String, String> start = map("a", "1", "b", "2", "c", "3", "d", "4", "e", "5");
    Linearizable<Map<String, String>> h =
        new Linearizable<>(start).then(map()).then(map("f", "6")).then(map());
    run(
        kind + " clear",
        kind,
        2,
        start,
        h,
        m -> {
          m.clear();
          h.ack();
          m.put("f", "6");
          h.ack();
          m.clear();
          h.ack();
        });
  }

  /** Reference types: the map publishes and drops the caller's objects, never frees them. */
  @ParameterizedTest
  @EnumSource(Kind.class)
  void referenceKeysAndValues(Kind kind) {
    Linearizable<Map<String, String>> h =
        new Linearizable<>(map())
            .then(map("k", "v"))
            .then(map("k", "w"))
            .then(map("k", "w", "\u2603", "snow"))
            .then(map("\u2603", "snow"));
    CrashStats s =
        CrashTest.named(kind + " pstring references")
            .model(CrashModel.EVICTION)
            .setup(heap -> setup(heap, kind, pstrings(), pstrings(), 2, Map.of()))
            .workload(
                heap -> {
                  Map<PString, PString> m = heap.roots().get("m");
                  m.put(new PString(heap, "k"), new PString(heap, "v"));
                  h.ack();
                  PString old = m.put(new PString(heap, "k"), new PString(heap, "w"));
                  heap.free(old); // the caller's to free, once the replacement is durable
                  h.ack();
                  m.put(new PString(heap, "\u2603"), new PString(heap, "snow"));
                  h.ack();
                  PString key =
                      m.keySet().stream().filter(k -> k.contentEquals("k")).findAny().get();
                  heap.free(m.remove("k"));
                  heap.free(key);
                  h.ack();
                })
            .check(heap -> check(heap, h))
            .run();
    assertTrue(s.images() > 0, s::toString);
  }

  /** Polls and range views of the ordered map: each removes or inserts through its range. */
  @org.junit.jupiter.api.Test
  void orderedOperations() {
    Map<String, String> start = map("a", "1", "b", "2", "c", "3", "d", "4", "e", "5", "f", "6");
    Linearizable<Map<String, String>> h =
        new Linearizable<>(start)
            .then(map("b", "2", "c", "3", "d", "4", "e", "5", "f", "6"))
            .then(map("b", "2", "c", "3", "d", "4", "e", "5"))
            .then(map("b", "2", "c", "3", "cc", "33", "d", "4", "e", "5"))
            .then(map("b", "2", "cc", "33", "d", "4", "e", "5"))
            .then(map("b", "2", "cc", "33", "d", "4"))
            .then(map("b", "2", "cc", "x", "d", "4"))
            .then(map("b", "2", "d", "4"))
            .then(map("b", "2"));
    run(
        "SKIP_LIST polls and ranges",
        Kind.SKIP_LIST,
        2,
        start,
        h,
        map -> {
          PSkipListMap<String, String> m = (PSkipListMap<String, String>) map;
          assertEquals("a", m.pollFirstEntry().getKey());
          h.ack();
          assertEquals("f", m.pollLastEntry().getKey());
          h.ack();
          assertNull(m.subMap("c", "d").put("cc", "33"));
          h.ack();
          assertEquals("3", m.headMap("d").remove("c"));
          h.ack();
          assertEquals("e", m.descendingMap().firstEntry().getKey());
          assertEquals("e", m.descendingKeySet().pollFirst());
          h.ack();
          m.tailMap("c").entrySet().iterator().next().setValue("x");
          h.ack();
          h.steps(2); // a range clear is a sequence of removals, in key order
          m.tailMap("c", true).clear();
          h.ack();
        });
  }

  private void run(
      String name,
      Kind kind,
      int slots,
      Map<String, String> start,
      Linearizable<Map<String, String>> h,
      Workload w) {
    CrashStats s =
        CrashTest.named(name)
            .model(CrashModel.EVICTION)
            .setup(heap -> setup(heap, kind, strings(), strings(), slots, start))
            .workload(heap -> w.run(heap.roots().get("m")))
            .check(heap -> check(heap, h))
            .run();
    assertTrue(s.images() > h.operations(), s::toString);
  }

  @FunctionalInterface
  private interface Workload {
    void run(Map<String, String> m) throws Exception;
  }

  /**
   * Registers every class a map uses (with a throwaway map, left unreachable), then publishes the
   * map under test as root "m", filled with {@code start}, and measures what lies outside it.
   */
  private <K, V> void setup(
      Heap heap, Kind kind, PType<K> k, PType<V> v, int slots, Map<String, String> start) {
    Map<String, String> warm = kind.create(heap, strings(), strings(), 1);
    for (int i = 0; i < 5; i++) warm.put("w" + i, "w");
    warm.clear();
    Map<K, V> m = kind.create(heap, k, v, slots);
    heap.roots().put("m", (PObject) m);
    @SuppressWarnings("unchecked")
    Map<String, String> typed = (Map<String, String>) m;
    if (k == strings()) typed.putAll(start);
    outside.set(heap.verify().reachable() - inside(m));
  }

  /** Objects of the map: header, directory, segments, entries, and each entry's key and value. */
  private static long inside(Map<?, ?> m) {
    StorageStats s = stats(m);
    return s.structureObjects() + 2 * s.entries();
  }

  private void check(Heap heap, Linearizable<Map<String, String>> h) {
    Map<Object, Object> m = heap.roots().get("m");
    Map<String, String> seen = observe(m);
    if (m instanceof PSkipListMap<?, ?>) assertInOrder(m);
    h.check(seen);
    assertEquals(seen.size(), m.size());
    assertEquals(
        outside.get() + inside(m),
        heap.recoveryReport().liveObjects(),
        "live objects are exactly the map's and those outside it: " + stats(m));
    probe(heap, m, seen);
  }

  /** A put and a remove in the image (its slot pool rebuilt) leave the other entries intact. */
  private static void probe(Heap heap, Map<Object, Object> m, Map<String, String> seen) {
    boolean refs = keyType(m).code() == pstrings().code();
    Object k = refs ? new PString(heap, "probe") : "probe";
    Object v = refs ? new PString(heap, "p") : "p";
    m.put(k, v);
    assertEquals("p", m.get("probe").toString());
    m.remove("probe");
    assertEquals(seen, observe(m));
  }

  private static void assertInOrder(Map<?, ?> m) {
    String last = null;
    for (Object k : m.keySet()) {
      assertTrue(last == null || last.compareTo(k.toString()) < 0, last + " before " + k);
      last = k.toString();
    }
  }

  private static Map<String, String> observe(Map<?, ?> m) {
    Map<String, String> seen = new TreeMap<>();
    m.forEach((k, v) -> seen.put(k.toString(), v.toString()));
    return seen;
  }

  /** The maps' put without the old value. */
  private static boolean set(Map<String, String> m, String key, String value) {
    if (m instanceof BaseHashMap<String, String> b) return b.set(key, value);
    return ((PSkipListMap<String, String>) m).set(key, value);
  }

  private static void setValue(Map<String, String> m, String key, String value) {
    for (Map.Entry<String, String> e : m.entrySet()) {
      if (e.getKey().equals(key)) e.setValue(value);
    }
  }
}
