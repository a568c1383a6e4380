package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.TreeMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.MapCrashTest.Kind;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Hash maps written before the persistent index (a {@link Directory}, no index: what the code path
 * kept for them writes) still open, rebuild their volatile index at open as they always did, take
 * changes, check clean and stay in their format; a map with the index in the same heap is not
 * rebuilt at open.
 */
class OlderFormatTest {
  private static final int ENTRIES = 3_000;

  @ParameterizedTest
  @EnumSource(
      value = Kind.class,
      names = {"PLAIN", "CONCURRENT"})
  void aMapWithoutTheIndexOpensAndWorks(Kind kind) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("older");
      Map<String, String> expected = new TreeMap<>();
      try (Heap heap = Heap.create(p, 8 << 20)) {
        Map<String, String> old = create(kind, heap, false);
        Map<String, String> fresh = create(kind, heap, true);
        heap.roots().put("old", (PObject) old);
        heap.roots().put("new", (PObject) fresh);
        for (int i = 0; i < ENTRIES; i++) {
          old.put("k" + i, "v" + i);
          fresh.put("k" + i, "v" + i);
          expected.put("k" + i, "v" + i);
        }
        assertEquals(0, stats(old).indexObjects());
      }
      for (int round = 0; round < 2; round++) {
        try (Heap heap = Heap.open(p)) {
          BaseHashMap<String, String> old = heap.roots().get("old");
          BaseHashMap<String, String> fresh = heap.roots().get("new");
          assertFalse(old.core.lazy(), "the older format rebuilds at open");
          assertTrue(fresh.core.lazy(), "a map with the index does not");
          for (Map.Entry<String, String> e : expected.entrySet()) {
            assertEquals(e.getValue(), fresh.get(e.getKey()));
            assertEquals(e.getValue(), old.get(e.getKey()));
          }
          assertEquals(expected, new TreeMap<>(old));
          assertEquals(expected, new TreeMap<>(fresh));
          change(old, round);
          change(fresh, round);
          change(expected, round);
          assertEquals(expected, new TreeMap<>(old));
          assertEquals(0, stats(old).indexObjects(), "not upgraded: " + stats(old));
          HeapCheck.Result c = HeapCheck.checkOpen(heap);
          assertTrue(c.ok(), c::toString);
        }
      }
    }
  }

  private static void change(Map<String, String> m, int round) {
    for (int i = round; i < ENTRIES; i += 3) assertEquals("v" + i, m.remove("k" + i));
    for (int i = 0; i < 500; i++) assertNull(m.put("r" + round + "-" + i, "x"));
  }

  private static StorageStats stats(Map<?, ?> m) {
    return ((BaseHashMap<?, ?>) m).storageStats();
  }

  private static Map<String, String> create(Kind kind, Heap heap, boolean indexed) {
    int slots = BaseMap.DEFAULT_SEGMENT_SLOTS;
    return kind == Kind.PLAIN
        ? new PHashMap<>(heap, strings(), strings(), slots, indexed)
        : new PConcurrentHashMap<>(heap, strings(), strings(), slots, indexed);
  }
}
