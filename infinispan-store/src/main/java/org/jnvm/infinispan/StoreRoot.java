package org.jnvm.infinispan;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * The root of one cache's store in a heap, bound to the heap root {@code jnvm.infinispan.<cache>}:
 * the format version, mode and segment count the store was created with, and one segment index per
 * segment. The header is written once, before the root is published, and never changed after.
 *
 * <pre>
 *   payload 0       4         8      12         16
 *   +-------+---------+------+----------+------------------------------+
 *   | magic | version | mode | segments | index refs, one per segment  |
 *   | int   | int     | int  | int      | (8 bytes each)               |
 *   +-------+---------+------+----------+------------------------------+
 * </pre>
 *
 * Formats: {@link #V1_MAPS} (every segment a J-PDT {@code PConcurrentHashMap} of key objects to
 * records; the maps' references never change) and {@link #V2_TABLES} (every segment a {@link
 * SegmentTable} of {@link StoreRecord}s; a segment's word is replaced, with one durable store, when
 * its table grows or is cleared). New J-PDT stores are created in format 2; J-PFA stores stay in
 * format 1; a store keeps the format it was created in (format 1 is read and written as before, no
 * upgrade).
 */
final class StoreRoot extends PObject {
  static final int MAGIC = 0x4a495350; // "JISP"

  /** Format 1: J-PDT maps per segment (every store before format 2, and J-PFA mode). */
  static final int V1_MAPS = 1;

  /** Format 2: a {@link SegmentTable} of one-object records per segment (J-PDT mode). */
  static final int V2_TABLES = 2;

  /** The newest format: what a new J-PDT store is created in. */
  static final int VERSION = V2_TABLES;

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

  private StoreRoot(Heap heap, StoreMode mode, int segments, int version) {
    super(heap, TYPE, MAPS_OFFSET + 8L * segments);
    setInt(MAGIC_OFFSET, MAGIC);
    setInt(VERSION_OFFSET, version);
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
    return openOrCreate(heap, cache, mode, segments, formatOf(mode));
  }

  /** The format a new store of {@code mode} is created in. */
  static int formatOf(StoreMode mode) {
    return mode == StoreMode.JPDT ? V2_TABLES : V1_MAPS;
  }

  /**
   * {@link #openOrCreate(Heap, String, StoreMode, int)}, creating a missing store in format {@code
   * version} (tests make format-1 J-PDT heaps with it, as earlier versions wrote them).
   */
  static StoreRoot openOrCreate(
      Heap heap, String cache, StoreMode mode, int segments, int version) {
    StoreKeyType.registered();
    PObject found = heap.roots().get(rootName(cache));
    if (found == null) return create(heap, cache, mode, segments, version);
    if (!(found instanceof StoreRoot r) || r.getInt(MAGIC_OFFSET) != MAGIC) {
      throw new HeapCorruptException(
          "root " + rootName(cache) + " is not a store root: " + found + " file=" + heap.file());
    }
    r.check(cache, mode, segments);
    return r;
  }

  private static StoreRoot create(
      Heap heap, String cache, StoreMode mode, int segments, int version) {
    if (version != V1_MAPS && (version != V2_TABLES || mode != StoreMode.JPDT)) {
      throw new IllegalArgumentException(
          "no store format " + version + " for mode " + mode + ": cache=" + cache);
    }
    StoreRoot r = new StoreRoot(heap, mode, segments, version);
    for (int s = 0; s < segments; s++) {
      PObject index =
          version == V1_MAPS
              ? new PConcurrentHashMap<>(heap, StoreKeyType.registered(), PTypes.objects())
              : new SegmentTable(heap, SegmentTable.MIN_CAPACITY);
      if (version == V2_TABLES) index.pwbObject(); // the root's put fences once for all
      r.setRef(MAPS_OFFSET + 8L * s, index);
    }
    heap.roots().put(rootName(cache), r); // writes r back and fences before naming it
    return r;
  }

  private void check(String cache, StoreMode mode, int segments) {
    int v = getInt(VERSION_OFFSET);
    if (!supported(v, getInt(MODE_OFFSET))) {
      throw new StoreMismatchException(
          "store format version not supported: cache="
              + cache
              + " found="
              + v
              + " supported="
              + V1_MAPS
              + "-"
              + VERSION
              + " (format 2 in J-PDT mode only)"
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

  /** True if format {@code v} is one this code reads in mode {@code mode} (an ordinal). */
  static boolean supported(int v, int mode) {
    return v == V1_MAPS || (v == V2_TABLES && mode == StoreMode.JPDT.ordinal());
  }

  /** The store's format ({@link #V1_MAPS} or {@link #V2_TABLES}; checked at open). */
  int version() {
    return getInt(VERSION_OFFSET);
  }

  /** The index of segment {@code s} in the store's format. */
  EntryIndex index(int s) {
    return version() == V2_TABLES ? new TableIndex(this, s) : new MapIndex(map(s));
  }

  /** The writer of the store's records, in its format and mode. */
  RecordWriter writer(boolean checksums) {
    if (mode() == StoreMode.JPFA) return new FaWriter(heap());
    return version() == V2_TABLES
        ? new TableWriter(heap(), checksums)
        : new PdtWriter(heap(), checksums);
  }

  /** The table of segment {@code s} (format 2). */
  SegmentTable table(int s) {
    PObject t = getRef(MAPS_OFFSET + 8L * s);
    if (!(t instanceof SegmentTable table)) {
      throw new HeapCorruptException(
          "segment "
              + s
              + " of a format-2 store root is not a table: "
              + t
              + " file="
              + heap().file());
    }
    return table;
  }

  /**
   * Makes {@code t} (persisted by the caller) segment {@code s}'s table with one durable store: the
   * publication of a grown or cleared table (format 2).
   */
  void publishTable(int s, SegmentTable t) {
    setRef(MAPS_OFFSET + 8L * s, t);
    pwbField(MAPS_OFFSET + 8L * s);
    Pmem.pfence();
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
