package org.jnvm.jpfa;

import java.util.Map;
import java.util.TreeMap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * The objects a block allocated, by address. Stores to them need no undo entry: until the block
 * commits nothing durable points at them, so after a crash or an abort they are unreachable and
 * recovery (or the abort) reclaims them. At commit their data is written back before the commit
 * record, since committed references may point at them.
 */
final class FreshObjects {
  /** Start address to end address (exclusive) of each object, header included. */
  private final TreeMap<Long, Long> ranges = new TreeMap<>();

  void add(long address) {
    ranges.put(address, address + ObjectLayout.HEADER + ObjectLayout.size(address));
  }

  /** True if {@code address} lies inside an object allocated by the block. */
  boolean contains(long address) {
    if (ranges.isEmpty()) return false;
    Map.Entry<Long, Long> e = ranges.floorEntry(address);
    return e != null && address < e.getValue();
  }

  boolean isEmpty() {
    return ranges.isEmpty();
  }

  int size() {
    return ranges.size();
  }

  /** Writes back every line of every object (no fence). */
  void writeBack() {
    for (Map.Entry<Long, Long> e : ranges.entrySet()) {
      Pmem.pwb(e.getKey(), e.getValue() - e.getKey());
    }
  }

  Iterable<Long> addresses() {
    return ranges.keySet();
  }

  void clear() {
    ranges.clear();
  }
}
