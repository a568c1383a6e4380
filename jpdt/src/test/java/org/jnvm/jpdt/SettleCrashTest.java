package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicIntegerArray;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * A change outside blocks right after a committed block changed the same word: a block that frees
 * nothing leaves its log's IDLE word in cache (lazy truncation), so if the plain change's
 * write-back reached media first, a crash found the block's log COMMITTED with a record that no
 * longer checks, and recovery rolled the block back: both changes lost, after both returned. The
 * containers settle the heap (jpfa's rule 4) before the first change outside blocks that follows a
 * block's ({@code PartLocks}, {@code SingleWriter}). The values are references, so that no commit
 * frees (a freeing commit truncates at once). Every image must hold each value as of the
 * acknowledged changes or one more. Fails with either settle removed.
 */
class SettleCrashTest {
  private static final List<String> MAPS = List.of("hash", "concurrent", "sorted");
  private static final List<String> ALL = List.of("hash", "concurrent", "sorted", "list");
  private static final List<String> ORDER = List.of("0", "b1", "p1", "b2", "p2");

  @Test
  void aPlainChangeAfterABlockNeverUndoesTheBlockAcrossCrashes() {
    AtomicIntegerArray acked = new AtomicIntegerArray(ALL.size());
    CrashTest.named("plain changes after blocks")
        .model(CrashModel.EVICTION)
        .heapSize(2 << 20)
        .setup(
            heap -> {
              PRefArray<PString> values = new PRefArray<>(heap, ORDER.size());
              for (int i = 0; i < ORDER.size(); i++) values.set(i, new PString(heap, ORDER.get(i)));
              heap.roots().put("values", values);
              heap.roots().put("hash", new PHashMap<>(heap, strings(), pstrings()));
              heap.roots().put("concurrent", new PConcurrentHashMap<>(heap, strings(), pstrings()));
              heap.roots().put("sorted", new PSkipListMap<>(heap, strings(), pstrings()));
              heap.roots().put("list", new PArrayList<>(heap, pstrings()));
              for (String m : MAPS) map(heap, m).put("k", values.get(0));
              list(heap).add(values.get(0));
              FA.run(heap, () -> {}); // the thread's log exists before the crashes start
            })
        .workload(
            heap -> {
              PRefArray<PString> values = heap.roots().get("values");
              for (int c = 0; c < ALL.size(); c++) { // one container at a time: no other settles
                String name = ALL.get(c);
                for (int round = 1; round <= 2; round++) {
                  PString inBlock = values.get(2 * round - 1);
                  PString plain = values.get(2 * round);
                  FA.run(heap, () -> change(heap, name, inBlock));
                  acked.incrementAndGet(c);
                  change(heap, name, plain);
                  acked.incrementAndGet(c);
                }
              }
            })
        .check(
            heap -> {
              for (int c = 0; c < MAPS.size(); c++) {
                at(acked.get(c), MAPS.get(c), map(heap, MAPS.get(c)).get("k"));
              }
              at(acked.get(3), "list", list(heap).get(0));
            })
        .run();
  }

  @SuppressWarnings("unchecked")
  private static Map<String, PString> map(Heap heap, String name) {
    return (Map<String, PString>) heap.roots().get(name);
  }

  @SuppressWarnings("unchecked")
  private static List<PString> list(Heap heap) {
    return (List<PString>) heap.roots().get("list");
  }

  private static void change(Heap heap, String container, PString v) {
    if (container.equals("list")) list(heap).set(0, v);
    else map(heap, container).put("k", v);
  }

  private static void at(int least, String what, PString value) {
    String v = value.toString();
    int i = ORDER.indexOf(v);
    assertTrue(
        i >= least && i <= least + 1,
        what + " holds " + v + " after " + least + " acknowledged changes");
  }
}
