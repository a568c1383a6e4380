package org.jnvm.jpdt.nolock;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.junit.jupiter.api.Test;

/**
 * Issue 55's no-lock scenario on each concurrent map ({@link NoLockScenario}): two writer threads
 * in failure-atomic blocks (keys of their own and shared keys, a quarter of the blocks aborted),
 * two lock-free readers. No reader sees a torn value or one a block rolled back; the map equals the
 * committed blocks' changes in commit order (its java.util twin), holds nothing unreachable, and
 * reopens equal. Brief by default; {@code -Djpdt.nolock.seconds=N} runs each map for N seconds.
 */
class NoLockBlocksTest {
  static final long SECONDS = Long.getLong("jpdt.nolock.seconds", 0);
  static final int BLOCKS = Integer.getInteger("jpdt.nolock.blocks", 300);

  @Test
  void twoWritersInBlocksOnAConcurrentHashMapWithoutALock() throws Exception {
    scenario("nolock-hash", h -> new PConcurrentHashMap<>(h, strings(), strings()), 0x55A1L);
  }

  @Test
  void twoWritersInBlocksOnASkipListMapWithoutALock() throws Exception {
    scenario("nolock-sorted", h -> new PSkipListMap<>(h, strings(), strings()), 0x55A2L);
  }

  private static void scenario(String name, Function<Heap, Map<String, String>> maker, long seed)
      throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path(name);
      Map<String, String> model;
      try (Heap h = Heap.create(p, 64 << 20)) {
        Map<String, String> m = maker.apply(h);
        h.roots().put("map", (PObject) m);
        NoLockScenario s = new NoLockScenario(h, m, 2);
        List<String> problems = s.run(BLOCKS, SECONDS * 1000, 2, seed);
        System.out.println("[nolock] " + name + " " + s.summary());
        assertEquals(List.of(), problems.subList(0, Math.min(5, problems.size())), s.summary());
        assertTrue(s.commits() >= 2L * BLOCKS, s.summary());
        assertTrue(s.aborts() > 0 && s.reads() > 0, s.summary());
        model = s.model();
        assertEquals(model, new TreeMap<>(m), "the map against its twin");
        assertEquals(model.size(), m.size(), "size");
        HeapAudit.assertNothingLeaked(h);
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(0, h.recoveryReport().reclaimed(), "objects left by the blocks");
        @SuppressWarnings("unchecked")
        Map<String, String> m = (Map<String, String>) h.roots().get("map");
        assertEquals(model, new TreeMap<>(m), "after reopening");
      }
    }
  }
}
