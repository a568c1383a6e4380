package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Several threads on one {@link PConcurrentHashMap} or {@link PSkipListMap}: writers on their own
 * keys (whose final state each can predict), writers racing on shared counters through the atomic
 * {@code merge} (whose totals must add up), and readers iterating and reading meanwhile (which must
 * never see a torn or freed entry). The heap is reopened at the end and must hold the same map.
 */
@Tag("real-backend")
class ConcurrentMapStressTest {
  private static final int WRITERS = 4;
  private static final int OPS = 4_000;
  private static final int COUNTERS = 3;

  /** What one writer did: its own keys' final values, and its merges into each counter. */
  private record Done(Map<String, String> own, int[] merges) {}

  @ParameterizedTest
  @ValueSource(booleans = {false, true})
  void writersReadersAndSharedCountersAgree(boolean ordered) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("stress");
      Map<String, String> expected = new HashMap<>();
      try (Heap heap = Heap.create(p, 64 << 20)) {
        ConcurrentMap<String, String> m =
            ordered
                ? new PSkipListMap<>(heap, strings(), strings(), 5)
                : new PConcurrentHashMap<>(heap, strings(), strings(), 5);
        heap.roots().put("m", (PObject) m);
        int[] totals = new int[COUNTERS];
        for (Done d : runThreads(m)) {
          expected.putAll(d.own());
          for (int c = 0; c < COUNTERS; c++) totals[c] += d.merges()[c];
        }
        for (int c = 0; c < COUNTERS; c++) expected.put("counter" + c, Integer.toString(totals[c]));
        assertEquals(expected, m);
        HeapAudit.assertNothingLeaked(heap);
      }
      try (Heap heap = Heap.open(p)) {
        assertEquals(expected, heap.roots().get("m"));
      }
    }
  }

  /** Runs the writers and two readers; returns what each writer did. */
  private static List<Done> runThreads(ConcurrentMap<String, String> m) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(WRITERS + 2);
    try {
      CountDownLatch start = new CountDownLatch(1);
      AtomicBoolean writing = new AtomicBoolean(true);
      List<Future<Done>> writers = new ArrayList<>();
      for (int w = 0; w < WRITERS; w++) {
        int id = w;
        writers.add(pool.submit(() -> write(m, id, start)));
      }
      List<Future<Long>> readers = new ArrayList<>();
      for (int r = 0; r < 2; r++) readers.add(pool.submit(() -> read(m, writing, start)));
      start.countDown();
      List<Done> done = new ArrayList<>();
      for (Future<Done> f : writers) done.add(f.get());
      writing.set(false);
      for (Future<Long> f : readers) assertTrue(f.get() > 0, "readers read");
      return done;
    } finally {
      pool.shutdownNow();
    }
  }

  /** Random operations on the writer's own 50 keys, and merges into the shared counters. */
  private static Done write(ConcurrentMap<String, String> m, int id, CountDownLatch start)
      throws Exception {
    start.await();
    Random r = new Random(id);
    Map<String, String> mine = new HashMap<>();
    int[] merges = new int[COUNTERS];
    for (int i = 0; i < OPS; i++) {
      String k = "w" + id + "-" + r.nextInt(50);
      switch (r.nextInt(4)) {
        case 0 -> assertEquals(mine.remove(k), m.remove(k));
        case 1 -> {
          m.merge("counter" + (i % COUNTERS), "1", ConcurrentMapStressTest::add);
          merges[i % COUNTERS]++;
        }
        default -> {
          String v = "v" + i + "-" + "y".repeat(r.nextInt(200));
          assertEquals(mine.put(k, v), m.put(k, v));
        }
      }
    }
    return new Done(mine, merges);
  }

  private static String add(String a, String b) {
    return Integer.toString(Integer.parseInt(a) + Integer.parseInt(b));
  }

  /** Iterates and reads until the writers are done; every value must be whole. */
  private static long read(
      ConcurrentMap<String, String> m, AtomicBoolean writing, CountDownLatch start)
      throws Exception {
    start.await();
    long reads = 0;
    do {
      for (Map.Entry<String, String> e : m.entrySet()) {
        String v = e.getValue();
        assertTrue(v.startsWith("v") || Character.isDigit(v.charAt(0)), v);
        String again = m.get(e.getKey());
        if (again != null) assertTrue(again.startsWith("v") || Character.isDigit(again.charAt(0)));
        reads++;
      }
      assertNull(m.get("absent"));
    } while (writing.get());
    return reads;
  }
}
