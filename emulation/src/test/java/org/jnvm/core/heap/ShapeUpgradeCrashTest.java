package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * A format 2.0 class entry (no shape table) given its shape when a 2.1 writer first uses the class
 * ({@code ClassRegistry.replace}), crashed at every fence (EVICTION). The setup leaves a {@link
 * Node} whose entry has no shape, as a 2.0 heap has; the workload opens the heap, reads the node
 * (the entry is replaced) and at once allocates a small {@link Blob}, which may reuse the freed old
 * entry's slot. Every image must open with the node intact and the entry either old or new, whole.
 */
class ShapeUpgradeCrashTest {

  static void formatTwoZeroEntry(Heap h) {
    h.roots().put("n", new Node(h, 42));
    int id = h.classes().idOf(Node.TYPE);
    ClassInfo withShape = h.classes().infos()[id];
    h.classes()
        .replace(
            id,
            new ClassInfo(
                id,
                withShape.name(),
                withShape.fingerprint(),
                withShape.fixedSize(),
                withShape.refOffsets(),
                withShape.refTail()));
    Pmem.psync();
  }

  @Test
  void theEntryIsReplacedWholeAndItsOldSlotIsReusedSafely() {
    CrashStats s =
        CrashTest.named("core: 2.0 class entry given its shape")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .setup(ShapeUpgradeCrashTest::formatTwoZeroEntry)
            .crashDuringRecovery()
            .workload(
                heap -> {
                  assertEquals(42, heap.roots().<Node>get("n").value());
                  heap.roots().put("b", new Blob(heap, "reuses the old entry's slot"));
                })
            .check(
                heap -> {
                  assertEquals(42, heap.roots().<Node>get("n").value());
                  ClassInfo c = heap.classes().infos()[heap.classes().idOf(Node.TYPE)];
                  assertTrue(c.shape() == null || c.shape().equals(Node.TYPE.shape()), "" + c);
                  assertTrue(heap.verify().ok(), heap.verify().toString());
                })
            .run();
    assertTrue(s.fences() >= 3, s.toString());
  }
}
