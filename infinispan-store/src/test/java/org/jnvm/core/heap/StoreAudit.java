package org.jnvm.core.heap;

/**
 * Test-only: the objects the allocator holds against those the roots reach, to show that the store
 * frees what an operation drops in that operation. In the core's package to read the allocator.
 */
public final class StoreAudit {
  private StoreAudit() {}

  /** Live objects the allocator holds that no root reaches (0 when nothing leaked). */
  public static long unreachable(Heap heap) {
    HeapGeometry g = heap.geometry();
    long held = 0;
    for (long off = g.dataOffset(); off < g.heapSize(); off += 64) {
      if (heap.allocator().isLiveObject(off)) held++;
    }
    return held - heap.verify().reachable();
  }
}
