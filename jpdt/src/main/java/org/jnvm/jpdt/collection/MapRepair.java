package org.jnvm.jpdt.collection;

import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;

/**
 * For the repair of a layer that keeps its data in J-PDT maps ({@code jnvm check --repair}, {@link
 * org.jnvm.core.heap.HeapChecker#repair}): drops entries by their key objects, on media, without
 * freeing anything. Each dropped entry's slot is set to 0 and written back (the caller fences); the
 * entry, its key and its value become unreachable and the next read-write open's sweep reclaims
 * them, so two entries sharing an object (a corruption) cannot cause a double free.
 *
 * <p>The map's volatile index is not updated: proxies of the map opened before the drop must not be
 * used after it (the repair closes the heap).
 */
public final class MapRepair {
  private MapRepair() {}

  /**
   * Drops every entry of {@code map} whose key object's offset is in {@code keyObjects}; returns
   * how many slots it cleared. The map's structure must have passed {@link ContainerChecker}.
   */
  public static int dropEntries(Heap heap, PObject map, Set<Long> keyObjects) {
    long dir = MapLayout.directory(heap.base() + map.offset());
    if (dir == 0 || keyObjects.isEmpty()) return 0;
    long d = heap.base() + dir;
    int cleared = 0;
    for (int i = 0; i < BlockLayout.length(d); i++) {
      long seg = BlockLayout.ref(d, i);
      if (seg == 0) break;
      long s = heap.base() + seg;
      for (int j = 0; j < BlockLayout.length(s); j++) {
        long e = BlockLayout.ref(s, j);
        if (e != 0 && keyObjects.contains(EntryLayout.key(heap.base() + e))) {
          long slot = BlockLayout.address(s, j);
          Pmem.putLong(slot, 0);
          Pmem.pwb(slot);
          cleared++;
        }
      }
    }
    return cleared;
  }
}
