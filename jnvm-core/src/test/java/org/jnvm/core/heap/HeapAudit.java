package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Test-only: what the allocator holds, compared with what the roots reach, to prove that an
 * operation frees what it drops (nothing leaked until a restart). Recovery's {@code reclaimed}
 * count cannot prove it: it also counts never-allocated slots that still hold stale bytes. Lives in
 * the core's package to read the allocator.
 */
public final class HeapAudit {
  private HeapAudit() {}

  /** Objects reserved and not freed, in the heap's current session. */
  public static long allocatedObjects(Heap heap) {
    HeapGeometry g = heap.geometry();
    long n = 0;
    for (long off = g.dataOffset(); off < g.heapSize(); off += 64) {
      if (heap.allocator().isLiveObject(off)) n++;
    }
    return n;
  }

  /** Fails unless every object the allocator holds is reachable from the roots. */
  public static void assertNothingLeaked(Heap heap) {
    long reachable = heap.verify().reachable();
    assertEquals(
        reachable,
        allocatedObjects(heap),
        "allocated objects that no root reaches would leak until a restart");
  }
}
