package org.jnvm.infinispan;

import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * The store root's part of {@code jnvm check --repair} ({@link StoreChecker#repair}): a root whose
 * magic alone is wrong is restored (a constant; its version, segment count and maps are intact); a
 * mode out of range is restored from the class of its records (every J-PDT record is a {@link
 * PdtEntry}), or J-PDT when the store is empty. Anything else (not a store root, an unknown
 * version, a segment count that does not fit, a segment that is not a map) makes the root
 * untrustworthy: it is removed, and the whole cache is listed as lost with the entries its maps
 * still count where they can be counted, so the operator learns it from the repair and not from an
 * empty cache at the next start.
 */
final class RootRepair {
  private RootRepair() {}

  /** The root of {@code cache}, repaired, or null if it was removed. */
  static StoreRoot repair(
      Heap heap, String name, String cache, Consumer<String> fixed, Consumer<String> lost) {
    PObject o = heap.roots().get(name);
    if (!(o instanceof StoreRoot r))
      return remove(heap, name, cache, "not a store root: " + o, -1, lost);
    long p = r.address() + ObjectLayout.HEADER;
    int segments = Pmem.getInt(p + StoreRoot.SEGMENTS_OFFSET);
    int version = Pmem.getInt(p + StoreRoot.VERSION_OFFSET);
    if (segments < 1 || StoreRoot.MAPS_OFFSET + 8L * segments > r.payloadSize()) {
      return remove(heap, name, cache, "segment count " + segments + " does not fit", -1, lost);
    }
    long entries = entries(r, segments);
    if (entries < 0) return remove(heap, name, cache, "a segment is not a map", -1, lost);
    if (version != StoreRoot.VERSION) {
      return remove(heap, name, cache, "format version " + version, entries, lost);
    }
    int mode = Pmem.getInt(p + StoreRoot.MODE_OFFSET);
    if (mode < 0 || mode >= StoreMode.values().length) {
      StoreMode m = modeOfRecords(r, segments);
      store(p + StoreRoot.MODE_OFFSET, m.ordinal());
      fixed.accept("cache " + cache + ": store root mode " + mode + " restored to " + m);
    }
    int magic = Pmem.getInt(p + StoreRoot.MAGIC_OFFSET);
    if (magic != StoreRoot.MAGIC) {
      store(p + StoreRoot.MAGIC_OFFSET, StoreRoot.MAGIC);
      fixed.accept(
          "cache "
              + cache
              + ": store root magic 0x"
              + Integer.toHexString(magic)
              + " restored (version, segment count and maps intact)");
    }
    return StoreRoot.openOrCreate(heap, cache, r.mode(), segments);
  }

  /** Entries in the root's segment maps, or -1 if a segment is not a map. */
  private static long entries(StoreRoot r, int segments) {
    long n = 0;
    for (int s = 0; s < segments; s++) {
      if (!(r.rawMap(s) instanceof PConcurrentHashMap<?, ?> m)) return -1;
      n += m.size();
    }
    return n;
  }

  private static StoreMode modeOfRecords(StoreRoot r, int segments) {
    for (int s = 0; s < segments; s++) {
      for (PObject rec : r.map(s).values()) {
        return rec instanceof PdtEntry ? StoreMode.JPDT : StoreMode.JPFA;
      }
    }
    return StoreMode.JPDT;
  }

  private static StoreRoot remove(
      Heap heap, String name, String cache, String why, long n, Consumer<String> lost) {
    heap.roots().remove(name);
    lost.accept(
        "cache "
            + cache
            + ": store root removed ("
            + why
            + "): every entry of the cache is lost ("
            + (n < 0 ? "count unknown" : n + " entries")
            + ")");
    return null;
  }

  private static void store(long address, int v) {
    Pmem.putInt(address, v);
    Pmem.pwb(address);
  }
}
