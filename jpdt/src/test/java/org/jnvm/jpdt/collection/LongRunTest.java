package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Each container under a long single-threaded run on the real backend, long enough for C2 to
 * compile its paths, every operation checked against a java.util twin, with a reopen in the middle
 * and a leak audit at the end. This is how a miscompiled write-back path (a value freed while still
 * referenced) showed up first.
 */
@Tag("real-backend")
class LongRunTest {
  private static final int OPS = 150_000;

  enum Kind {
    HASH,
    CONCURRENT,
    SKIP_LIST,
    LIST
  }

  @ParameterizedTest
  @EnumSource(Kind.class)
  void everyOperationAgreesWithItsTwin(Kind kind) throws Exception {
    assertNotEquals("crash-sim", Pmem.backendName(), "this test is about the real backend");
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("long-" + kind);
      Random r = new Random(kind.ordinal());
      Map<String, String> twin = new HashMap<>();
      List<String> listTwin = new ArrayList<>();
      try (Heap heap = Heap.create(p, 32 << 20)) {
        heap.roots().put("c", (org.jnvm.core.heap.PObject) create(heap, kind));
      }
      for (int half = 0; half < 2; half++) {
        try (Heap heap = Heap.open(p)) {
          Object c = heap.roots().get("c");
          for (int i = 0; i < OPS / 2; i++) {
            if (kind == Kind.LIST) step(castList(c), listTwin, r, i);
            else step(castMap(c), twin, r, i);
          }
          HeapAudit.assertNothingLeaked(heap);
        }
      }
    }
  }

  private static Object create(Heap heap, Kind kind) {
    return switch (kind) {
      case HASH -> new PHashMap<>(heap, strings(), strings(), 7);
      case CONCURRENT -> new PConcurrentHashMap<>(heap, strings(), strings(), 7);
      case SKIP_LIST -> new PSkipListMap<>(heap, strings(), strings(), 7);
      case LIST -> new PArrayList<>(heap, strings());
    };
  }

  /**
   * One random map operation, its result and the touched key checked against the twin; then a
   * replacement of a hot counter, whose returned previous value must be the previous count.
   */
  private static void step(Map<String, String> m, Map<String, String> twin, Random r, int i) {
    String previous = twin.put("ctr", Integer.toString(i));
    assertEquals(previous, m.put("ctr", Integer.toString(i)), "counter at " + i);
    String k = "k" + r.nextInt(40);
    String v = "v" + i + "-" + "z".repeat(r.nextInt(120));
    switch (r.nextInt(4)) {
      case 0 -> assertEquals(twin.remove(k), m.remove(k), "remove " + k + " at " + i);
      case 1 -> assertEquals(twin.putIfAbsent(k, v), m.putIfAbsent(k, v), "putIfAbsent at " + i);
      default -> assertEquals(twin.put(k, v), m.put(k, v), "put " + k + " at " + i);
    }
    assertEquals(twin.get(k), m.get(k), "get " + k + " at " + i);
    if (i % 5_000 == 0) assertEquals(twin, m, "whole map at " + i);
  }

  /** One random list operation, checked against the twin. */
  private static void step(List<String> l, List<String> twin, Random r, int i) {
    String v = "e" + i;
    int op = r.nextInt(10);
    if (!twin.isEmpty()) assertEquals(twin.set(0, v), l.set(0, v), "hot first element at " + i);
    if (op < 4 || twin.isEmpty()) {
      twin.add(v);
      l.add(v);
    } else if (op < 6) {
      int at = twin.size() - 1;
      assertEquals(twin.remove(at), l.remove(at), "remove last at " + i);
    } else if (op < 8) {
      int at = r.nextInt(twin.size());
      assertEquals(twin.set(at, v), l.set(at, v), "set at " + i);
    } else if (twin.size() < 64) {
      int at = r.nextInt(twin.size() + 1);
      twin.add(at, v);
      l.add(at, v);
    } else {
      int at = r.nextInt(twin.size());
      assertEquals(twin.remove(at), l.remove(at), "remove inside at " + i);
    }
    if (i % 5_000 == 0) assertEquals(twin, l, "whole list at " + i);
  }

  @SuppressWarnings("unchecked")
  private static Map<String, String> castMap(Object c) {
    return (Map<String, String>) c;
  }

  @SuppressWarnings("unchecked")
  private static List<String> castList(Object c) {
    return (List<String>) c;
  }
}
