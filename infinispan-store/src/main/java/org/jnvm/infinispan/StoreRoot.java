package org.jnvm.infinispan;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * The root of one cache's store in a heap, bound to the heap root {@code jnvm.infinispan.<cache>}:
 * the mode and segment count the store was created with, and one segment map per segment. Written
 * once, before it is published; never changed after.
 *
 * <pre>
 *   payload 0       4         8      12         16
 *   +-------+---------+------+----------+------------------------------+
 *   | magic | version | mode | segments | map refs, one per segment    |
 *   | int   | int     | int  | int      | (8 bytes each)               |
 *   +-------+---------+------+----------+------------------------------+
 * </pre>
 */
final class StoreRoot extends PObject {
  static final int MAGIC = 0x4a495350; // "JISP"
  static final int VERSION = 1;
  static final int MAGIC_OFFSET = 0;
  static final int VERSION_OFFSET = 4;
  static final int MODE_OFFSET = 8;
  static final int SEGMENTS_OFFSET = 12;
  static final int MAPS_OFFSET = 16;

  static final String ROOT_PREFIX = "jnvm.infinispan.";

  static final PersistentClass<StoreRoot> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.StoreRoot", (h, a) -> new StoreRoot(h, a, null))
          .refTail(MAPS_OFFSET)
          .layout("magic:int@0 version:int@4 mode:int@8 segments:int@12 maps:ref[]@16")
          .build();

  private StoreRoot(Heap heap, StoreMode mode, int segments) {
    super(heap, TYPE, MAPS_OFFSET + 8L * segments);
    setInt(MAGIC_OFFSET, MAGIC);
    setInt(VERSION_OFFSET, VERSION);
    setInt(MODE_OFFSET, mode.ordinal());
    setInt(SEGMENTS_OFFSET, segments);
  }

  private StoreRoot(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /** The root name of the store of {@code cache}. */
  static String rootName(String cache) {
    return ROOT_PREFIX + cache;
  }

  /**
   * The store of {@code cache}: found and checked against {@code mode} and {@code segments}, or
   * created (maps first, each durable, then the root object, then its name: the one publication).
   */
  static StoreRoot openOrCreate(Heap heap, String cache, StoreMode mode, int segments) {
    StoreKeyType.registered();
    PObject found = heap.roots().get(rootName(cache));
    if (found == null) return create(heap, cache, mode, segments);
    if (!(found instanceof StoreRoot r) || r.getInt(MAGIC_OFFSET) != MAGIC) {
      throw new HeapCorruptException(
          "root " + rootName(cache) + " is not a store root: " + found + " file=" + heap.file());
    }
    r.check(cache, mode, segments);
    return r;
  }

  private static StoreRoot create(Heap heap, String cache, StoreMode mode, int segments) {
    StoreRoot r = new StoreRoot(heap, mode, segments);
    for (int s = 0; s < segments; s++) {
      PConcurrentHashMap<Object, PObject> m =
          new PConcurrentHashMap<>(heap, StoreKeyType.registered(), PTypes.objects());
      r.setRef(MAPS_OFFSET + 8L * s, m);
    }
    heap.roots().put(rootName(cache), r); // writes r back and fences before naming it
    return r;
  }

  private void check(String cache, StoreMode mode, int segments) {
    int v = getInt(VERSION_OFFSET);
    if (v != VERSION) {
      throw new StoreMismatchException(
          "store format version not supported: cache="
              + cache
              + " found="
              + v
              + " supported="
              + VERSION
              + " file="
              + heap().file());
    }
    int m = getInt(MODE_OFFSET);
    if (m != mode.ordinal()) {
      String found =
          m >= 0 && m < StoreMode.values().length ? StoreMode.values()[m].name() : "" + m;
      throw new StoreMismatchException(
          "store mode differs from the one the heap was written with: cache="
              + cache
              + " configured="
              + mode
              + " heap="
              + found
              + " file="
              + heap().file());
    }
    if (segments() != segments) {
      throw new StoreMismatchException(
          "segment count differs from the one the heap was written with: cache="
              + cache
              + " configured="
              + segments
              + " heap="
              + segments()
              + " file="
              + heap().file());
    }
  }

  /** The mode the store was written in (checked by {@link #openOrCreate}). */
  StoreMode mode() {
    return StoreMode.values()[getInt(MODE_OFFSET)];
  }

  int segments() {
    return getInt(SEGMENTS_OFFSET);
  }

  /** The object segment {@code s} references, unchecked (for the repair). */
  PObject rawMap(int s) {
    return getRef(MAPS_OFFSET + 8L * s);
  }

  /** The map of segment {@code s}: its index is rebuilt when first resurrected after a restart. */
  PConcurrentHashMap<Object, PObject> map(int s) {
    PObject m = getRef(MAPS_OFFSET + 8L * s);
    if (!(m instanceof PConcurrentHashMap<?, ?> map)) {
      throw new HeapCorruptException(
          "segment " + s + " of a store root is not a map: " + m + " file=" + heap().file());
    }
    return map.typed(StoreKeyType.registered(), PTypes.objects());
  }
}
