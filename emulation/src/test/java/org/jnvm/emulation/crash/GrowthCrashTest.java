package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Blob;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.Node;
import org.junit.jupiter.api.Test;

/**
 * Heap growth under the EVICTION model: a list whose nodes fill one new chunk each, in a heap that
 * grows by one chunk at a time, so every growth's publish of the reservation record is crossed by
 * crash points. Every image opens, verifies, and holds every acknowledged node. Fails with the
 * reservation record's write-back deleted ({@code ReservationLayout.publish}): an image then holds
 * an object in a chunk its record does not reserve.
 */
class GrowthCrashTest {
  static final int NODES = 8;
  static final int LABEL = 40_000; // one label per 64 KiB chunk

  @Test
  void growthIsDurableBeforeAnyObjectInTheNewChunks() {
    AtomicInteger acked = new AtomicInteger();
    CrashTest.named("heap growth")
        .model(CrashModel.EVICTION)
        .heapSize(2 << 20)
        .options(HeapOptions.DEFAULT.withGrowthStep(64 << 10))
        .workload(
            heap -> {
              int start = heap.reservedChunks();
              for (int i = 0; i < NODES; i++) {
                push(heap, i);
                acked.incrementAndGet();
              }
              assertTrue(heap.reservedChunks() >= start + NODES, "grew once per node");
            })
        .check(heap -> check(heap, acked.get()))
        .run();
  }

  private static void push(Heap heap, int i) {
    byte[] label = new byte[LABEL];
    Arrays.fill(label, (byte) i);
    Node n = new Node(heap, i);
    Blob b = new Blob(heap, label);
    b.persist();
    n.label(b);
    n.next(heap.roots().exists("list") ? heap.roots().get("list") : null);
    n.persist();
    heap.roots().put("list", n);
  }

  private static void check(Heap heap, int acked) {
    int length = 0;
    Node head = heap.roots().exists("list") ? heap.roots().get("list") : null;
    for (Node n = head; n != null; n = n.next()) length++;
    assertTrue(length >= acked && length <= acked + 1, "length " + length + " acked " + acked);
    int expect = length - 1;
    for (Node n = head; n != null; n = n.next(), expect--) {
      assertEquals(expect, n.value());
      byte[] label = n.label().bytes();
      assertEquals(LABEL, label.length);
      assertEquals(expect, label[0]);
      assertEquals(expect, label[LABEL - 1]);
    }
  }
}
