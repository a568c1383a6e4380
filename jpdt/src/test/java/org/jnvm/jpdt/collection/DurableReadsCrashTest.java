package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/**
 * Durable linearizability of the skip list's lock-free reads: a reader that runs between every two
 * persistent instructions of the writer lists the keys through {@code keySet()} (for {@code
 * strings()} keys a key is its sort key: no persistent read, no lock), and every crash image must
 * hold at least what that reader saw. This is what orders {@code OrderedCore}'s insert: the entry
 * is published durably before the volatile index shows its key; the other order lets a reader
 * return a key that a crash then loses.
 */
class DurableReadsCrashTest {
  @Test
  void keysSeenByALockFreeReaderSurviveEveryCrash() {
    List<List<String>> states =
        List.of(
            List.of(),
            List.of("b"),
            List.of("a", "b"),
            List.of("a", "b", "c"),
            List.of("a", "c"),
            List.of("a", "c", "d"),
            List.of("c", "d"));
    Linearizable<List<String>> h = new Linearizable<>(states.get(0));
    for (List<String> s : states.subList(1, states.size())) h.then(s);
    CrashStats s =
        CrashTest.named("SKIP_LIST lock-free key reads are durable")
            .model(CrashModel.EVICTION)
            .setup(
                heap -> {
                  PSkipListMap<String, String> warm =
                      new PSkipListMap<>(heap, strings(), strings(), 2);
                  warm.put("w", "w"); // registers every class, left unreachable
                  heap.roots().put("m", new PSkipListMap<>(heap, strings(), strings(), 2));
                })
            .reader(heap -> h.read(keys(heap)))
            .workload(
                heap -> {
                  PSkipListMap<String, String> m = heap.roots().get("m");
                  m.put("b", "2");
                  h.ack();
                  m.put("a", "1");
                  h.ack();
                  m.put("c", "3");
                  h.ack();
                  m.remove("b");
                  h.ack();
                  m.put("d", "4");
                  h.ack();
                  m.pollFirstEntry();
                  h.ack();
                })
            .check(heap -> h.check(keys(heap)))
            .run();
    assertTrue(s.images() > h.operations(), s::toString);
  }

  private static List<String> keys(Heap heap) {
    PSkipListMap<String, String> m = heap.roots().get("m");
    return new ArrayList<>(m.keySet());
  }
}
