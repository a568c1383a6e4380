package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/**
 * Every mutating operation of the list under the EVICTION model: each crash image shows the list
 * after the acknowledged operations or one more, holds exactly the list's objects beyond a fixed
 * baseline, and still works (an append and a removal in the image leave the rest as it was).
 */
class ListCrashTest {
  private final AtomicLong outside = new AtomicLong();

  @Test
  void appendsWithGrowthSetsAndRemovalsAtTheEnd() {
    Linearizable<List<String>> h =
        new Linearizable<List<String>>(List.of())
            .then(List.of("a"))
            .then(List.of("a", "b"))
            .then(List.of("a", "b", "c"))
            .then(List.of("a", "b", "c", "d"))
            .then(List.of("a", "b", "c", "d", "e")) // grows: a new array of 8
            .then(List.of("a", "B", "c", "d", "e"))
            .then(List.of("a", "B", "c", "d"));
    run(
        "list append, set, remove last",
        List.of(),
        h,
        l -> {
          for (String s : List.of("a", "b", "c", "d", "e")) {
            l.add(s);
            h.ack();
          }
          assertEquals("b", l.set(1, "B"));
          h.ack();
          assertEquals("e", l.remove(4));
          h.ack();
        });
  }

  @Test
  void insertionsAndRemovalsInsideAndBulkChangesAreAtomic() {
    List<String> start = List.of("a", "b", "c");
    Linearizable<List<String>> h =
        new Linearizable<>(start)
            .then(List.of("a", "x", "b", "c"))
            .then(List.of("a", "b", "c"))
            .then(List.of("a", "y", "z", "w", "b", "c"))
            .then(List.of("a", "b", "c"))
            .then(List.of("b", "c"))
            .then(List.of());
    run(
        "list insert, remove inside, addAll, range removal, clear",
        start,
        h,
        l -> {
          l.add(1, "x");
          h.ack();
          assertTrue(l.remove("x"));
          h.ack();
          l.addAll(1, List.of("y", "z", "w"));
          h.ack();
          l.subList(1, 4).clear();
          h.ack();
          l.remove(0);
          h.ack();
          l.clear();
          h.ack();
        });
  }

  @FunctionalInterface
  private interface Workload {
    void run(PArrayList<String> l) throws Exception;
  }

  private void run(String name, List<String> start, Linearizable<List<String>> h, Workload w) {
    CrashStats s =
        CrashTest.named(name)
            .model(CrashModel.EVICTION)
            .setup(heap -> setup(heap, start))
            .workload(heap -> w.run(heap.roots().get("l")))
            .check(heap -> check(heap, h))
            .run();
    assertTrue(s.images() > h.operations(), s::toString);
  }

  /** Registers the classes (a throwaway list), publishes the list, measures what is outside. */
  private void setup(Heap heap, List<String> start) {
    PArrayList<String> warm = new PArrayList<>(heap, strings());
    warm.addAll(List.of("1", "2", "3", "4", "5"));
    PArrayList<String> l = new PArrayList<>(heap, strings());
    heap.roots().put("l", l);
    l.addAll(start);
    outside.set(heap.verify().reachable() - inside(l));
  }

  /** The header, its array, and one owned string per element. */
  private static long inside(PArrayList<?> l) {
    return 2 + l.size();
  }

  private void check(Heap heap, Linearizable<List<String>> h) {
    PArrayList<String> l = heap.roots().get("l");
    List<String> seen = new ArrayList<>(l);
    h.check(seen);
    assertEquals(outside.get() + inside(l), heap.recoveryReport().liveObjects());
    l.add("probe");
    l.remove(l.size() - 1);
    assertEquals(seen, l);
  }
}
