package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A hash map of 50M entries (several GiB of heap, past every 2^31 boundary of a single object or
 * index), reopened: its index rebuilt from media. Tag "large" ({@code -Plarge-heaps}): about 8 GiB
 * of /dev/shm and a few minutes.
 */
@Tag("large")
class FiftyMillionTest {
  static final int N = 50_000_000;

  @Test
  void fiftyMillionEntriesSurviveReopening() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("map-50m");
      long t0 = System.nanoTime();
      try (Heap h = Heap.create(p, 64L << 30)) {
        PHashMap<String, String> m = new PHashMap<>(h, strings(), strings());
        h.roots().put("m", m);
        for (int i = 0; i < N; i++) m.put("k" + i, "v" + (i % 1000));
        assertEquals(N, m.size());
        System.out.printf(
            "[50M] built in %.1f s, heap reserved %,d bytes%n",
            (System.nanoTime() - t0) / 1e9, h.reservedBytes());
      }
      long t1 = System.nanoTime();
      try (Heap h = Heap.open(p)) {
        PHashMap<String, String> m = h.roots().get("m");
        assertEquals(N, m.size());
        System.out.printf("[50M] reopened and indexed in %.1f s%n", (System.nanoTime() - t1) / 1e9);
        for (int i = 0; i < N; i += 997) assertEquals("v" + (i % 1000), m.get("k" + i));
        assertEquals(null, m.get("k" + N));
      }
    }
  }
}
