package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/** A reopened concurrent map (its volatile index not built yet) changed first inside blocks. */
class ReopenedInBlocksTest {
  @Test
  void blocksOnAReopenedMapCommitAndRollBack() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("reopened");
      try (Heap heap = Heap.create(p, 8 << 20)) {
        PConcurrentHashMap<String, String> m = new PConcurrentHashMap<>(heap, strings(), strings());
        heap.roots().put("m", m);
        for (int i = 0; i < 500; i++) m.put("k" + i, "v" + i);
      }
      try (Heap heap = Heap.open(p)) {
        Map<String, String> m = heap.roots().get("m");
        FA.run(heap, () -> m.put("a", "1"));
        assertThrows(
            IllegalStateException.class,
            () ->
                FA.run(
                    heap,
                    () -> {
                      m.put("b", "2");
                      m.remove("k1");
                      throw new IllegalStateException("abort");
                    }));
        FA.run(heap, () -> m.remove("k2"));
        assertEquals("1", m.get("a"));
        assertEquals("v1", m.get("k1"));
        assertEquals(null, m.get("b"));
        assertEquals(500, m.size()); // 500 + a - k2
      }
    }
  }
}
