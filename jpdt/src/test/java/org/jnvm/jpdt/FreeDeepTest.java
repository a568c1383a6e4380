package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * {@code freeDeep} frees a container and everything it owns at once: after it, recovery finds the
 * heap's live objects back at what they were before the container was built and nothing to reclaim.
 * Inside a block that aborts, it frees nothing and the container stays whole.
 */
class FreeDeepTest {

  @Test
  void everyContainerFreesWhatItOwns() throws Exception {
    check("hash", h -> fill(new PHashMap<String, String>(h, strings(), strings())));
    check("conc", h -> fill(new PConcurrentHashMap<String, String>(h, strings(), strings())));
    check("sorted", h -> fill(new PSkipListMap<String, String>(h, strings(), strings())));
    check(
        "list",
        h -> {
          PArrayList<String> l = new PArrayList<>(h, strings());
          for (int i = 0; i < 300; i++) l.add("e" + i);
          return l;
        });
  }

  @Test
  void insideAnAbortedBlockNothingIsFreed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("free-deep-abort");
      try (Heap h = Heap.create(p, 16 << 20)) {
        PHashMap<String, String> m = fill(new PHashMap<>(h, strings(), strings()));
        h.roots().put("m", m);
        assertThrows(
            IllegalStateException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      m.freeDeep();
                      throw new IllegalStateException("abort");
                    }));
        assertEquals(300, m.size());
        assertEquals("v7", m.get("k7"));
      }
      try (Heap h = Heap.open(p)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        Map<String, String> m = h.roots().get("m");
        assertEquals(300, m.size());
      }
    }
  }

  private static <M extends Map<String, String>> M fill(M m) {
    for (int i = 0; i < 300; i++) m.put("k" + i, "v" + i);
    return m;
  }

  private static void check(String name, Function<Heap, PObject> build) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("free-deep-" + name);
      long baseline;
      try (Heap h = Heap.create(p, 16 << 20)) {
        h.roots().put("c", build.apply(h)); // registers the classes, names the root
        free(h.roots().get("c"));
        h.roots().put("c", new PByteArray(h, 1));
      }
      try (Heap h = Heap.open(p)) {
        baseline = h.recoveryReport().liveObjects();
        PObject c = build.apply(h);
        h.roots().put("c", c);
        h.roots().put("c", new PByteArray(h, 1)); // unlinks c durably
        free(c);
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(baseline, h.recoveryReport().liveObjects(), name + ": nothing left behind");
        assertEquals(1, h.recoveryReport().reclaimed(), name + ": only the replaced byte array");
      }
    }
  }

  private static void free(PObject c) {
    if (c instanceof PHashMap<?, ?> m) m.freeDeep();
    else if (c instanceof PConcurrentHashMap<?, ?> m) m.freeDeep();
    else if (c instanceof PSkipListMap<?, ?> m) m.freeDeep();
    else ((PArrayList<?>) c).freeDeep();
  }
}
