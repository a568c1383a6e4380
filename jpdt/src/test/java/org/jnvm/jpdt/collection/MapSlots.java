package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;

/** Where a map's live slots are on media, for tests that damage them. */
final class MapSlots {
  private MapSlots() {}

  /**
   * The first two live slots of map {@code map} (an offset), in slot order: {slot address, entry
   * offset} twice. A hash map's persistent index root (word 0 of an {@link IndexedDirectory}) is
   * not a segment and is skipped.
   */
  static long[] firstTwo(Heap h, long map) {
    long dir = h.base() + MapLayout.directory(h.base() + map);
    long[] found = new long[4];
    int n = 0;
    int first = h.object(dir - h.base()) instanceof IndexedDirectory ? 1 : 0;
    for (int i = first; i < BlockLayout.length(dir) && n < 2; i++) {
      long ref = BlockLayout.ref(dir, i);
      if (ref == 0) break;
      long seg = h.base() + ref;
      for (int j = 0; j < BlockLayout.length(seg) && n < 2; j++) {
        long e = BlockLayout.ref(seg, j);
        if (e != 0) {
          found[2 * n] = BlockLayout.address(seg, j);
          found[2 * n + 1] = e;
          n++;
        }
      }
    }
    return found;
  }
}
