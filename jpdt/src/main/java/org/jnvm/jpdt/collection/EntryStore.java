package org.jnvm.jpdt.collection;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PType;
import org.jnvm.jpdt.PTypes;

/**
 * The persistent part of a map: a set of entries in slots, with no order and no hash structure (the
 * maps keep those in volatile indexes, rebuilt from this set). The header ({@link MapLayout})
 * references a directory of segments; slot {@code s} is word {@code s % segmentSlots} of segment
 * {@code s / segmentSlots}.
 *
 * <p>Invariants, on media at every fence:
 *
 * <ol>
 *   <li>A slot is live iff it is non-zero; a live slot references a durable entry whose key and
 *       value are durable and non-null. Nothing else references an entry.
 *   <li>No two live slots hold equivalent keys (callers look the key up first; {@link #scan}
 *       callers check).
 *   <li>The directory's non-zero references are a prefix; each references a durable segment of
 *       {@code segmentSlots} slots.
 *   <li>No reachable word references a freed object: an object is freed only after the store that
 *       unlinked it is durable (psync), so frees are volatile and a crash before them leaves the
 *       object reachable (operation not done) or unreachable (recovery reclaims it).
 * </ol>
 *
 * Every mutation is one 8-byte store made durable after everything it publishes is written back and
 * fenced; the Javadoc of each mutating method gives its steps. Thread-safety: growth and {@link
 * #clear} synchronize internally; a slot and its entry are written only by the caller that holds
 * the slot's key (the maps' locks), and a stripe of the slot pool only by its lock holder.
 *
 * <p><b>Lines of their own</b> (concurrent maps, {@code lineOwned}): a stripe's free slots all lie
 * on cache lines that no other stripe has slots on. A stripe takes fresh slots a whole line at a
 * time ({@link #claim}), and a reopened map gives each line's free slots to the stripe of the keys
 * on it ({@link #scan}). A failure-atomic block logs and restores whole lines, so this is what lets
 * blocks on different stripes (and plain writers) change one map at once: no line holds slots of
 * two stripes. A line of a map written before this rule may hold keys of several stripes; its free
 * slots are then given to no stripe (reused after a clear).
 */
final class EntryStore {
  /** References in a new map's directory; it doubles when full. */
  static final int INITIAL_DIRECTORY = 4;

  final Heap heap;
  final long header;
  final PType<Object> keys;
  final PType<Object> values;
  final int segmentSlots;

  private static final BlockSupport BLOCKS = BlockSupport.installed();

  /** A line holding live slots of more than one stripe ({@link #scan}): its free slots unused. */
  private static final int MIXED = -2;

  private final boolean lineOwned;
  private final Object growth = new Object();
  private final AtomicInteger fresh = new AtomicInteger();
  private final SlotPool pool;
  private volatile long[] segments;
  private long directory;

  private EntryStore(
      PObject header, int stripes, long[] segments, long directory, boolean lineOwned) {
    this.lineOwned = lineOwned;
    this.heap = header.heap();
    this.header = header.address();
    this.keys = cast(PTypes.byCode(MapLayout.keyType(this.header)));
    this.values = cast(PTypes.byCode(MapLayout.valueType(this.header)));
    this.segmentSlots = MapLayout.segmentSlots(this.header);
    this.pool = new SlotPool(stripes);
    this.segments = segments;
    this.directory = directory;
  }

  /**
   * Formats the new, not yet published, map header {@code header}: its types, segment size and an
   * empty directory, all written back and fenced (the header can be published on return).
   */
  static EntryStore create(
      PObject header,
      PType<?> keys,
      PType<?> values,
      int segmentSlots,
      int stripes,
      boolean lineOwned) {
    if (segmentSlots < 1) {
      throw new IllegalArgumentException("segment slots must be positive: " + segmentSlots);
    }
    Heap heap = header.heap();
    Directory d = new Directory(heap, INITIAL_DIRECTORY);
    d.pwbObject();
    long h = header.address();
    MapLayout.keyType(h, keys.code());
    MapLayout.valueType(h, values.code());
    MapLayout.segmentSlots(h, segmentSlots);
    MapLayout.directory(h, d.offset());
    header.persist();
    return new EntryStore(header, stripes, new long[0], d.address(), lineOwned);
  }

  /**
   * Re-reads the directory and segments from media and forgets the free slots (the next {@link
   * #scan} finds them): after a failure-atomic block that changed this store was rolled back. The
   * caller excludes every other operation on the map.
   */
  void reload() {
    synchronized (growth) {
      if (!(heap.object(MapLayout.directory(header)) instanceof Directory d)) {
        throw corrupt(heap, header, "directory is not a Directory");
      }
      segments = segmentsOf(heap, header, d, segmentSlots);
      directory = d.address();
      pool.clear();
    }
  }

  /** The store of an existing map, its directory and segments checked. */
  static EntryStore open(PObject header, int stripes, boolean lineOwned) {
    long h = header.address();
    Heap heap = header.heap();
    int slots = MapLayout.segmentSlots(h);
    if (slots < 1) throw corrupt(header, "segment slots " + slots);
    if (!(heap.object(MapLayout.directory(h)) instanceof Directory d)) {
      throw corrupt(header, "directory is not a Directory");
    }
    return new EntryStore(
        header, stripes, segmentsOf(heap, header.address(), d, slots), d.address(), lineOwned);
  }

  private static long[] segmentsOf(Heap heap, long header, Directory d, int slots) {
    int n = BlockLayout.length(d.address());
    long[] segs = new long[n];
    int used = 0;
    for (int i = 0; i < n; i++) {
      long ref = BlockLayout.ref(d.address(), i);
      if (ref == 0) continue;
      if (used != i) throw corrupt(heap, header, "directory has a gap before reference " + i);
      if (!(d.heap().object(ref) instanceof Segment s)
          || BlockLayout.length(s.address()) != slots) {
        throw corrupt(heap, header, "directory reference " + i + " is not a segment of " + slots);
      }
      segs[used++] = s.address();
    }
    return Arrays.copyOf(segs, used);
  }

  // ---- slots -------------------------------------------------------------------------------

  int capacity() {
    return segments.length * segmentSlots;
  }

  long slotAddress(int slot) {
    return BlockLayout.address(segments[slot / segmentSlots], slot % segmentSlots);
  }

  /**
   * A free slot for the holder of stripe {@code stripe}, growing the store if needed. With {@code
   * outside}, a growth is no part of the caller's failure-atomic block (other threads may use the
   * new segment before the block ends, so its rollback must not unlink it): made durable at once,
   * unless the block allocated the map itself. No settle is needed first: the only blocks that log
   * the lines a growth writes (the header's directory word, directory words) are blocks that
   * cleared the map, and a clear frees, so their commit made their log IDLE durably.
   */
  int claim(int stripe, boolean outside) {
    int s = pool.pop(stripe);
    if (s < 0) s = lineOwned ? freshLine(stripe) : fresh.getAndIncrement();
    try {
      if (s >= capacity()) {
        int slot = s;
        if (outside && !BLOCKS.isFresh(heap, header)) { // a fresh map is the block's alone
          BLOCKS.outside(() -> growTo(slot));
        } else {
          growTo(slot);
        }
      }
    } catch (RuntimeException e) {
      pool.push(stripe, s); // taken again, and the growth retried, by a later claim
      throw e;
    }
    return s;
  }

  /**
   * Takes the fresh slots up to the end of the next fresh slot's line (in its segment) for {@code
   * stripe}: returns the first, the others go to the stripe's pool.
   */
  private int freshLine(int stripe) {
    while (true) {
      int from = fresh.get();
      int to = lineEnd(from);
      if (fresh.compareAndSet(from, to)) {
        for (int i = to - 1; i > from; i--) pool.push(stripe, i);
        return from;
      }
    }
  }

  /** The first slot after the cache line of {@code slot}, within its segment. */
  int lineEnd(int slot) {
    int i = slot % segmentSlots;
    long next = (BlockLayout.address(0, i) / Pmem.LINE + 1) * Pmem.LINE;
    int j =
        (int)
            ((next - BlockLayout.address(0, 0) + BlockLayout.REF_SIZE - 1) / BlockLayout.REF_SIZE);
    return slot - i + Math.min(j, segmentSlots);
  }

  /** The cache line (numbered over the whole store) of {@code slot}. */
  private int lineOf(int slot) {
    int seg = slot / segmentSlots;
    return seg * linesPerSegment()
        + (int) (BlockLayout.address(0, slot % segmentSlots) / Pmem.LINE);
  }

  private int linesPerSegment() {
    return (int) (BlockLayout.address(0, segmentSlots - 1) / Pmem.LINE) + 1;
  }

  /** Returns a slot, already durably zero, to stripe {@code stripe}. */
  void release(int stripe, int slot) {
    pool.push(stripe, slot);
  }

  /**
   * Takes back the slot {@code slot} that {@link #release} returned last to {@code stripe} (a
   * rolled-back block's removal: the slot holds its entry again).
   */
  void unrelease(int stripe, int slot) {
    int s = pool.pop(stripe);
    if (s != slot) {
      throw new IllegalStateException(
          "undo of a removal: stripe " + stripe + " gave slot " + s + ", expected " + slot);
    }
  }

  // ---- entries -----------------------------------------------------------------------------

  /**
   * The persistent objects of a new entry, written back, not fenced, not reachable: on failure
   * (heap full) whatever was made is freed and the map is unchanged.
   */
  EntryRecord prepare(Object key, Object value) {
    PObject k = keys.store(heap, key);
    PObject v = null;
    try {
      v = values.store(heap, value);
      return new EntryRecord(heap, k, v);
    } catch (RuntimeException e) {
      if (v != null && values.copies()) heap.free(v);
      if (keys.copies()) heap.free(k);
      throw e;
    }
  }

  /** Frees the objects of a prepared entry that was never published. */
  void discard(EntryRecord e) {
    freeEntry(e.address());
  }

  /**
   * Publishes {@code e} in the free slot {@code slot}; durable on return.
   *
   * <ol>
   *   <li>Fence: the key, value and entry, written back by {@link #prepare}, are durable.
   *   <li>Store the entry's offset in the slot (the slot was zero, so the entry was absent), write
   *       the slot's line back, psync: the entry is present.
   * </ol>
   *
   * A crash before step 2 is durable leaves the slot zero and the new objects unreachable
   * (reclaimed by recovery). With {@code sync} false the psync is left to the caller: the entry is
   * present once the caller fences.
   */
  void publish(int slot, EntryRecord e, boolean sync) {
    Pmem.pfence();
    long at = slotAddress(slot);
    InBlock.beforeStore(at, 8);
    Pmem.putLong(at, e.offset());
    Pmem.pwb(at);
    if (sync) Pmem.psync();
  }

  /**
   * Replaces the value of the live entry {@code entry} by {@code v} (written back by its type);
   * durable on return. Returns the old value's offset; the caller frees it (if owned) after this.
   *
   * <ol>
   *   <li>Fence: the new value is durable.
   *   <li>Store its offset in the entry's value word, write back, psync.
   * </ol>
   *
   * The value word holds the old or the new reference at every crash point (one aligned store).
   * With {@code sync} false both fences are the caller's: {@code v} is durable already (the caller
   * fenced it), and the swap is durable once the caller fences again.
   */
  long swapValue(long entry, PObject v, boolean sync) {
    if (sync) Pmem.pfence();
    long at = EntryLayout.valueAddress(entry);
    long old = Pmem.getLong(at);
    InBlock.beforeStore(at, 8);
    Pmem.putLong(at, v.offset());
    Pmem.pwb(at);
    if (sync) Pmem.psync();
    return old;
  }

  /**
   * Removes the entry in {@code slot}: stores zero, writes back, psync; durable on return. Then the
   * caller frees the entry ({@link #freeEntry}); a crash before that free leaves an unreachable
   * entry that recovery reclaims.
   */
  void unlink(int slot) {
    long at = slotAddress(slot);
    InBlock.beforeStore(at, 8);
    Pmem.putLong(at, 0);
    Pmem.pwb(at);
    Pmem.psync();
  }

  /** Frees an unreachable entry and the key and value it owns (those of copying types). */
  void freeEntry(long entry) {
    long k = EntryLayout.key(entry);
    long v = EntryLayout.value(entry);
    heap.free(heap.object(entry - heap.base()));
    if (keys.copies()) heap.free(heap.object(k));
    if (values.copies()) heap.free(heap.object(v));
  }

  /** The key object of a live entry. */
  PObject key(long entry) {
    return heap.object(EntryLayout.key(entry));
  }

  /** The value object of a live entry. */
  PObject value(long entry) {
    return heap.object(EntryLayout.value(entry));
  }

  // ---- growth ------------------------------------------------------------------------------

  private void growTo(int slot) {
    synchronized (growth) {
      while (slot >= capacity()) grow();
    }
  }

  /**
   * Adds one zeroed segment. Growth never changes the map's entries: before and after it, and at
   * every crash point between, the reachable segments hold the same live slots.
   *
   * <ol>
   *   <li>Allocate the segment (zeroed) and write it back.
   *   <li>If the directory has room: fence; store the segment's offset in the first unused
   *       directory word, write back, psync. A crash before that store is durable leaves the
   *       segment unreachable.
   *   <li>Else (directory doubling): allocate a directory of twice the capacity, copy the old
   *       references and the new segment's into it, write it back, fence; store its offset in the
   *       header, write back, psync; then free the old directory. A crash before the header store
   *       is durable leaves the old directory (same segments, minus the new empty one) and the new
   *       objects unreachable; after it, the old directory is unreachable and freed.
   * </ol>
   */
  private void grow() {
    Segment seg = new Segment(heap, segmentSlots);
    seg.pwbObject();
    int n = segments.length;
    int cap = BlockLayout.length(directory);
    try {
      if (n < cap) appendToDirectory(n, seg);
      else replaceDirectory(n, cap, seg);
    } catch (RuntimeException e) {
      heap.free(seg);
      throw e;
    }
    long[] grown = Arrays.copyOf(segments, n + 1);
    grown[n] = seg.address();
    segments = grown;
  }

  /**
   * Links a new (empty) segment into the directory. The final psync is redundant for durability
   * (mutation testing leaves it alive, see docs/crash-testing.md): the segment holds nothing until
   * a publication into it, and {@link #publish} fences before its store, which makes this
   * write-back durable first; a crash before that loses an empty segment only. It stays so that
   * growth is durable on return by itself, as every other step here is, at one fence per segment
   * added.
   */
  private void appendToDirectory(int n, Segment seg) {
    Pmem.pfence();
    InBlock.beforeStore(BlockLayout.address(directory, n), 8);
    BlockLayout.ref(directory, n, seg.offset());
    Pmem.pwb(BlockLayout.address(directory, n));
    Pmem.psync();
  }

  private void replaceDirectory(int n, int cap, Segment seg) {
    Directory d = new Directory(heap, 2 * cap);
    Pmem.copy(BlockLayout.address(directory, 0), BlockLayout.address(d.address(), 0), 8L * n);
    BlockLayout.ref(d.address(), n, seg.offset());
    d.pwbObject();
    Pmem.pfence();
    long old = directory;
    publishDirectory(d);
    heap.free(heap.object(old - heap.base()));
  }

  private void publishDirectory(Directory d) {
    InBlock.beforeStore(MapLayout.directoryAddress(header), 8);
    MapLayout.directory(header, d.offset());
    Pmem.pwb(MapLayout.directoryAddress(header));
    Pmem.psync();
    directory = d.address();
  }

  // ---- whole-store operations --------------------------------------------------------------

  /**
   * Empties the store atomically; the caller excludes every other operation on the map.
   *
   * <ol>
   *   <li>Allocate an empty directory, write it back, fence.
   *   <li>Store its offset in the header, write back, psync: the map is empty. A crash before that
   *       leaves the map as it was; the new directory is unreachable.
   *   <li>Free every entry (with the keys and values it owns), segment, and the old directory: all
   *       unreachable since step 2.
   * </ol>
   */
  void clear() {
    synchronized (growth) {
      Directory d = new Directory(heap, INITIAL_DIRECTORY);
      d.persist();
      long[] oldSegments = segments;
      long oldDirectory = directory;
      publishDirectory(d);
      segments = new long[0];
      fresh.set(0);
      pool.clear();
      for (long seg : oldSegments) freeSegment(seg);
      heap.free(heap.object(oldDirectory - heap.base()));
    }
  }

  /** Frees the (empty, after {@link #clear}) directory: the last step of freeing the map. */
  void freeDirectory() {
    synchronized (growth) {
      heap.free(heap.object(directory - heap.base()));
    }
  }

  private void freeSegment(long seg) {
    for (int i = 0; i < segmentSlots; i++) {
      long e = BlockLayout.ref(seg, i);
      if (e != 0) freeEntry(heap.base() + e);
    }
    heap.free(heap.object(seg - heap.base()));
  }

  /** Receives the live slots of a {@link #scan}. */
  @FunctionalInterface
  interface SlotVisitor {
    /**
     * Slot {@code slot} holds the entry at address {@code entry}; called by worker {@code w}.
     * Returns the stripe of the entry's key.
     */
    int live(int worker, int slot, long entry);
  }

  /**
   * Visits every slot, segments spread over {@code workers} threads, checking that each live slot
   * references an entry; then makes the free slots and the fresh-slot counter ready for claims:
   * each line's free slots go to the stripe of the live keys on it (any stripe if none, no stripe
   * if several) when lines are owned, else slot by slot to the stripes in turn.
   */
  void scan(int workers, SlotVisitor visitor) {
    long[] segs = segments;
    int[] owner = lineOwned ? new int[segs.length * linesPerSegment()] : null;
    if (owner != null) Arrays.fill(owner, -1);
    int[][] free = new int[Math.max(1, workers)][];
    int[] freeCount = new int[free.length];
    for (int w = 0; w < free.length; w++) free[w] = new int[16];
    Parallel.run(
        segs.length,
        workers,
        (w, s) -> {
          for (int i = 0; i < segmentSlots; i++) {
            int slot = s * segmentSlots + i;
            long e = BlockLayout.ref(segs[s], i);
            if (e == 0) {
              if (freeCount[w] == free[w].length)
                free[w] = Arrays.copyOf(free[w], 2 * free[w].length);
              free[w][freeCount[w]++] = slot;
            } else {
              int stripe = visitor.live(w, slot, checkedEntry(slot, e));
              if (owner != null) {
                int line = lineOf(slot);
                owner[line] = owner[line] == -1 || owner[line] == stripe ? stripe : MIXED;
              }
            }
          }
        });
    for (int w = 0; w < free.length; w++) {
      for (int i = 0; i < freeCount[w]; i++) {
        int slot = free[w][i];
        int stripe = owner == null ? slot % pool.stripes() : owner[lineOf(slot)];
        if (stripe == -1) stripe = lineOf(slot) % pool.stripes();
        if (stripe >= 0) pool.push(stripe, slot);
      }
    }
    fresh.set(capacity());
  }

  private long checkedEntry(int slot, long ref) {
    PObject e = heap.object(ref);
    if (!(e instanceof EntryRecord)) {
      throw corrupt(
          heap,
          header,
          "slot " + slot + " holds a " + e.getClass().getSimpleName() + ", not an entry");
    }
    if (EntryLayout.key(e.address()) == 0 || EntryLayout.value(e.address()) == 0) {
      throw corrupt(heap, header, "slot " + slot + " has a null key or value");
    }
    return e.address();
  }

  /** What the store holds, for diagnostics and tests. */
  StorageStats stats(long entries) {
    long[] segs = segments;
    synchronized (growth) {
      return new StorageStats(
          entries, segs.length, segmentSlots, BlockLayout.length(directory), pool.size());
    }
  }

  static HeapCorruptException corrupt(PObject header, String what) {
    return corrupt(header.heap(), header.address(), what);
  }

  /** Names the map by offset: its proxy may still be under construction. */
  static HeapCorruptException corrupt(Heap heap, long header, String what) {
    return new HeapCorruptException(
        "bad map at 0x"
            + Long.toHexString(header - heap.base())
            + ": "
            + what
            + " file="
            + heap.file());
  }

  @SuppressWarnings("unchecked")
  private static PType<Object> cast(PType<?> t) {
    return (PType<Object>) t;
  }
}
