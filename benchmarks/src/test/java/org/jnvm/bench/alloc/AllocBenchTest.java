package org.jnvm.bench.alloc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.bench.support.Cell;
import org.jnvm.bench.support.RefArray;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.RecoveryReport;
import org.junit.jupiter.api.Test;

class AllocBenchTest {
  private final AllocBench bench = new AllocBench();

  /** Three laps of the ring: every slot holds its latest cell, and nothing leaked. */
  @Test
  void publishesIntoTheRingAndFreesWhatItReplaces() {
    AllocState s = new AllocState();
    s.openHeap();
    try {
      int ops = 3 * AllocState.SLOTS + 5;
      for (int i = 0; i < ops; i++) bench.allocPublish(s);
      Heap h = s.heap.reopen(HeapOptions.DEFAULT);
      RecoveryReport r = h.recoveryReport();
      assertEquals(0, r.reclaimed(), "every replaced cell was freed: " + r);
      RefArray slots = h.roots().get("slots");
      for (int i = 0; i < AllocState.SLOTS; i++) {
        Cell c = slots.get(i);
        long lastLap =
            i < ops % AllocState.SLOTS ? ops / AllocState.SLOTS : ops / AllocState.SLOTS - 1;
        assertEquals(lastLap * AllocState.SLOTS + i, c.value(), "slot " + i);
      }
      assertTrue(h.verify().ok(), () -> h.verify().toString());
    } finally {
      s.closeHeap();
    }
  }

  @Test
  void theBaselineStoresIntoItsRing() {
    PlainAllocState s = new PlainAllocState();
    Object first = bench.newPlain(s);
    assertSame(first, s.slots[0]);
    for (int i = 1; i <= AllocState.SLOTS; i++) bench.newPlain(s);
    assertEquals(AllocState.SLOTS, s.slots[0].value, "the second lap replaced the first");
    assertEquals(1, s.slots[1].value);
  }
}
