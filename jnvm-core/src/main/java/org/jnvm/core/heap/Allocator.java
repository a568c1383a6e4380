package org.jnvm.core.heap;

import java.util.BitSet;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.Pmem;

/**
 * Reserve, then publish. {@link #reserve} hands out a zeroed object with its header written, in
 * volatile terms only: nothing about it is durable, and it becomes part of the heap after a crash
 * only once its data has been written back and fenced and a durable reference points at it (the
 * caller's publish step). {@link #free} is volatile too. Recovery's sweep is the only source of
 * free space after a restart, so no slot can be freed twice across crashes.
 *
 * <p>Small objects come from chunks cut into slots of one size class; each thread keeps its own
 * free slots per class ({@link ThreadCache}). Large objects take a run of whole chunks. A chunk's
 * descriptor is written back and fenced when the chunk is put to a new use, before any slot in it
 * is handed out. When no free chunk fits a request, small chunks whose every slot is free and in
 * the central pool become free chunks again first ({@link #reclaimEmptyChunks}); when that is not
 * enough either, the heap grows: its {@link Reservation} backs more chunks, which join the free
 * chunks. The per-chunk arrays cover the reserved chunks only and grow with them. With {@link
 * HeapOptions#growAhead}, a claim that leaves less than half a step of free chunks also asks for a
 * growth on the grower thread ({@link GrowAhead}), so that the allocation that runs out seldom has
 * to wait for one.
 *
 * <p>With recovery in the background ({@link BackgroundRecovery}) the allocator starts with only
 * the chunks free when the heap opened; the chunks then in use join at {@link #adopt}, after the
 * sweep. Until then frees of their objects are deferred and a request that finds no room waits.
 */
final class Allocator {
  private final long base;
  private final HeapGeometry g;
  private final Reservation reservation;
  private final String file;

  /**
   * Volatile copy of each reserved chunk's descriptor; FREE for free chunks. Written under the
   * {@code freeChunks} lock; replaced by a longer copy, under that lock, when the heap grows. A
   * reader without the lock may hold the previous array: its entries for chunks that hold a live
   * object are current, since such a chunk's descriptor cannot change while the object lives.
   */
  private volatile long[] chunks;

  private final BitSet freeChunks;

  /** The set bits of {@code freeChunks}, under its lock: a claim reads it, so it is kept. */
  private int freeCount;

  /** Bit per granule: set while the object starting there is allocated. */
  private final Bitmap allocated;

  private final LongStack[] central;
  private final ThreadLocal<ThreadCache> caches = ThreadLocal.withInitial(ThreadCache::new);

  /** Growth ahead of need; null when the heap's options turn it off. */
  private final GrowAhead ahead;

  /** Set by {@link #close} under the reservation's lock: no growth starts after it. */
  private boolean closed;

  /**
   * Non-null until a background recovery's sweep is adopted: the chunks in use at its snapshot are
   * not this allocator's yet (see {@link BackgroundRecovery}).
   */
  private volatile BackgroundRecovery recovering;

  Allocator(
      long base,
      HeapGeometry g,
      Reservation reservation,
      String file,
      SweepResult swept,
      boolean growAhead) {
    this.base = base;
    this.g = g;
    this.reservation = reservation;
    this.file = file;
    this.chunks = swept.chunks();
    this.freeChunks = swept.freeChunks();
    this.freeCount = freeChunks.cardinality();
    this.allocated = swept.live();
    this.central = swept.freeSlots();
    this.ahead = growAhead ? new GrowAhead(this::growAhead) : null;
  }

  /**
   * Stops growth: returns once no growth is in flight (one stores into the mapping, which the heap
   * unmaps next); a growth ahead queued later does nothing, and an allocation that needs one
   * throws.
   */
  void close() {
    synchronized (reservation) {
      closed = true;
    }
  }

  /** A zeroed object of {@code classId} with {@code payload} bytes; not yet durable. */
  long reserve(int classId, long payload) {
    long total = ObjectLayout.HEADER + payload;
    if (payload < 0 || payload > Integer.MAX_VALUE - ObjectLayout.HEADER) {
      throw new IllegalArgumentException("object size out of range: payload=" + payload);
    }
    long obj = total <= SizeClasses.MAX_SMALL ? small(SizeClasses.classOf(total)) : large(total);
    if (allocated.get(granule(obj))) throw liveSlot(obj);
    Pmem.fill(obj + ObjectLayout.HEADER, payload, (byte) 0);
    ObjectLayout.header(obj, classId, (int) payload);
    // the header before the bit (a volatile read-modify-write: a release): a walk of the allocated
    // slots (ClassScan) never reads a set bit with a dead previous occupant's header
    if (!allocated.set(granule(obj))) throw liveSlot(obj);
    return obj;
  }

  /**
   * Takes its state from {@code r}'s provisional one (see {@link BackgroundRecovery#provisional}):
   * until {@link #adopt}, only the chunks free at the snapshot are handed out, frees of the
   * snapshot's objects are deferred, and a request that finds no space waits for the sweep.
   */
  void recoverInBackground(BackgroundRecovery r) {
    recovering = r;
  }

  /**
   * Adds what a background sweep found free in the snapshot's chunks (the first {@code
   * snapshotChunks}, except those free at the snapshot, which were handed out meanwhile) to the
   * free chunks and slot pools; the caller holds the recovery's lock, so no free is deferred
   * meanwhile.
   */
  void adopt(SweepResult r, int snapshotChunks, java.util.function.IntPredicate freeAtSnapshot) {
    synchronized (freeChunks) {
      long[] cs = chunks;
      for (int c = 0; c < snapshotChunks; c++) {
        if (freeAtSnapshot.test(c) || ChunkLayout.kind(r.chunks()[c]) != ChunkLayout.FREE) continue;
        cs[c] = ChunkLayout.encode(ChunkLayout.FREE, 0);
        freeChunks.set(c);
        freeCount++;
      }
    }
    LongStack[] slots = r.freeSlots();
    for (int sc = 0; sc < central.length; sc++) {
      synchronized (central[sc]) {
        while (!slots[sc].isEmpty()) central[sc].push(slots[sc].pop());
      }
    }
    recovering = null;
  }

  /** Frees the objects at file offsets {@code offsets}, leaving no slot in this thread's cache. */
  void freeAll(LongStack offsets) {
    while (!offsets.isEmpty()) free(base + offsets.pop());
    ThreadCache tc = caches.get();
    for (int sc = 0; sc < central.length; sc++) {
      while (tc.counts[sc] > 0) spill(tc, sc, Math.min(ThreadCache.BATCH, tc.counts[sc]));
    }
    caches.remove();
  }

  private IllegalStateException liveSlot(long obj) {
    return new IllegalStateException(
        "allocator handed out a live slot: offset=0x"
            + Long.toHexString(obj - base)
            + " file="
            + file);
  }

  /**
   * The bit per granule of the allocated objects: a set bit's object has its header written. Read
   * by the migration's walk of the objects of a class ({@link ClassScan}).
   */
  Bitmap allocated() {
    return allocated;
  }

  /** Returns an object's memory. Volatile: the caller has already made it unreachable. */
  void free(long obj) {
    requireObjectStart(obj - base, "free");
    BackgroundRecovery r = recovering;
    if (r != null && r.deferFree(obj - base, file)) return;
    if (!allocated.clear(granule(obj))) {
      throw new IllegalStateException(
          "double free: offset=0x" + Long.toHexString(obj - base) + " file=" + file);
    }
    Pmem.putInt(obj + ObjectLayout.CLASS_ID_OFFSET, 0); // lets recovery count reclaimed slots
    long d = chunks[g.chunkOf(obj - base)];
    if (ChunkLayout.kind(d) == ChunkLayout.SMALL) {
      freeSmall(obj, SizeClasses.indexOfSlot(ChunkLayout.arg(d)));
    } else {
      freeLarge(g.chunkOf(obj - base), ChunkLayout.arg(d));
    }
  }

  /** True if {@code off} is the start of an allocated object. */
  boolean isLiveObject(long off) {
    if (objectStartProblem(off) != null) return false;
    BackgroundRecovery r = recovering;
    if (r != null && r.ownsSnapshotChunk(off)) return r.liveBeforeSweep(off);
    return allocated.get(granule(base + off));
  }

  /** Null if {@code off} can start an object under the current chunk state, else why not. */
  String objectStartProblem(long off) {
    if (!g.inData(off)) return "outside the data area";
    if ((off & (Pmem.LINE - 1)) != 0) return "not line-aligned";
    int c = g.chunkOf(off);
    long[] cs = chunks;
    if (c >= cs.length) return "beyond the reserved space (chunk " + c + " of " + cs.length + ")";
    long d = cs[c];
    long within = off - g.chunkStart(c);
    return switch (ChunkLayout.kind(d)) {
      case ChunkLayout.SMALL ->
          within % ChunkLayout.arg(d) == 0
                  && within / ChunkLayout.arg(d) < g.chunkSize() / ChunkLayout.arg(d)
              ? null
              : "not a slot start";
      case ChunkLayout.LARGE_HEAD -> within == 0 ? null : "inside a large object";
      default -> "in a free chunk";
    };
  }

  void requireObjectStart(long off, String op) {
    String p = objectStartProblem(off);
    if (p != null) {
      throw new IllegalArgumentException(
          op + " of a non-object (" + p + "): offset=0x" + Long.toHexString(off) + " file=" + file);
    }
  }

  /** Slot bytes (or run bytes) available at the object starting at {@code off}. */
  long capacity(long off) {
    long d = chunks[g.chunkOf(off)];
    return ChunkLayout.kind(d) == ChunkLayout.SMALL
        ? ChunkLayout.arg(d)
        : (long) ChunkLayout.arg(d) * g.chunkSize();
  }

  int freeChunkCount() {
    synchronized (freeChunks) {
      assert freeCount == freeChunks.cardinality()
          : "free chunk count " + freeCount + " != " + freeChunks.cardinality();
      return freeCount;
    }
  }

  /** Reserved chunks in use, both counts taken together (a growth ahead may change them). */
  int usedChunks() {
    synchronized (freeChunks) {
      return chunks.length - freeCount;
    }
  }

  private long granule(long obj) {
    return (obj - base - g.dataOffset()) >>> 6;
  }

  private long small(int sc) {
    ThreadCache tc = caches.get();
    if (tc.counts[sc] == 0) refill(tc, sc);
    return tc.slots[sc][--tc.counts[sc]];
  }

  private void freeSmall(long obj, int sc) {
    ThreadCache tc = caches.get();
    if (tc.counts[sc] == ThreadCache.CAPACITY) spill(tc, sc, ThreadCache.BATCH);
    tc.slots[sc][tc.counts[sc]++] = obj;
  }

  /**
   * Refills a thread cache from the central pool, carving a new chunk when it is empty. The pool
   * lock is not held while taking a chunk, so no thread ever holds two pool locks.
   */
  private void refill(ThreadCache tc, int sc) {
    LongStack pool = central[sc];
    synchronized (pool) {
      if (!pool.isEmpty()) {
        tc.counts[sc] = pool.drainTo(tc.slots[sc], ThreadCache.BATCH);
        return;
      }
    }
    int slot = SizeClasses.SLOT[sc];
    int c = takeChunks(1, slot, ChunkLayout.encode(ChunkLayout.SMALL, slot));
    long start = base + g.chunkStart(c);
    synchronized (pool) {
      for (int i = g.chunkSize() / slot - 1; i >= 0; i--) pool.push(start + (long) i * slot);
      tc.counts[sc] = pool.drainTo(tc.slots[sc], ThreadCache.BATCH);
    }
  }

  private void spill(ThreadCache tc, int sc, int n) {
    LongStack pool = central[sc];
    synchronized (pool) {
      for (int i = 0; i < n; i++) pool.push(tc.slots[sc][--tc.counts[sc]]);
    }
  }

  private long large(long total) {
    long n = (total + g.chunkSize() - 1) / g.chunkSize();
    int c =
        takeChunks(
            (int) Math.min(n, Integer.MAX_VALUE),
            total,
            ChunkLayout.encode(ChunkLayout.LARGE_HEAD, (int) n));
    return base + g.chunkStart(c);
  }

  /** Chunks with backing space (the rest of the maximum size is not reserved yet). */
  int reservedChunks() {
    return chunks.length;
  }

  /**
   * Takes {@code n} contiguous free chunks and writes their descriptors back and fences them. Under
   * the publish protocol (an object is persisted, with a fence, before it is linked) that fence is
   * redundant, since the object's own fence also orders the descriptor's write-back; it is kept so
   * that a hand-written publish path that forgets it still cannot expose an object in a chunk that
   * recovery would misparse. Costs one fence per 64 KiB chunk.
   */
  private int takeChunks(int n, long requested, long headDescriptor) {
    int c;
    try {
      c = claimOrGrow(n, requested, headDescriptor);
    } catch (HeapFullException e) {
      BackgroundRecovery r = recovering;
      if (r == null) throw e;
      r.await(); // the sweep may find room in the snapshot's chunks
      c = claimOrGrow(n, requested, headDescriptor);
    }
    // outside the lock: a request may start the grower thread
    if (ahead != null && lowOnChunks()) ahead.request();
    return c;
  }

  private int claimOrGrow(int n, long requested, long headDescriptor) {
    synchronized (freeChunks) {
      if (findRun(n) >= 0) return claim(n, headDescriptor);
    }
    reclaimEmptyChunks();
    while (true) {
      synchronized (freeChunks) {
        if (findRun(n) >= 0) return claim(n, headDescriptor);
      }
      grow(n, requested);
    }
  }

  /**
   * Grows the reservation by at least {@code n} chunks (unless another thread's growth already made
   * room) and adds the new chunks to the free ones, after the reservation is durable. Growth is
   * serialized on the reservation; allocations from other chunks go on meanwhile.
   *
   * @throws HeapFullException at the maximum size or on a full file system
   */
  private void grow(int n, long requested) {
    synchronized (reservation) {
      if (closed) throw new JnvmException("heap is closed: file=" + file);
      synchronized (freeChunks) {
        if (findRun(n) >= 0) return;
      }
      addChunks(reservation.chunks(), reservation.grow(n, requested, true));
      if (ahead != null) ahead.resume(); // under the lock: ordered with a failed growth ahead
    }
  }

  /**
   * The growth ahead of need ({@link GrowAhead}): one step, unless the heap is closed or at its
   * maximum or has half a step of free chunks again (freed, or grown by an allocation meanwhile). A
   * whole step or nothing: one chunk at a time would leave growth ahead retrying at every claim. A
   * full file system stops growing ahead, under the reservation's lock, so that an allocating
   * thread's successful growth, which resumes it under the same lock, is never undone by a failure
   * that came before it.
   */
  private void growAhead() {
    synchronized (reservation) {
      if (closed || !lowOnChunks()) return;
      try {
        addChunks(reservation.chunks(), reservation.grow(1, 0, false));
      } catch (HeapFullException e) {
        ahead.stop(); // the next growth on an allocating thread meets it and reports it
      }
    }
  }

  /** Fewer free chunks than half the next step, below the maximum: time to grow ahead. */
  private boolean lowOnChunks() {
    synchronized (freeChunks) {
      return reservation.chunks() < g.chunkCount() && freeCount < lowWater();
    }
  }

  /** True while a growth ahead is queued or running (for tests). */
  boolean growingAhead() {
    return ahead != null && ahead.pending();
  }

  /** Chunks {@code [from, to)}, just reserved, join the free ones. Under the reservation's lock. */
  private void addChunks(int from, int to) {
    allocated.ensure(g.granules(to));
    synchronized (freeChunks) {
      chunks = java.util.Arrays.copyOf(chunks, to);
      freeChunks.set(from, to);
      freeCount += to - from;
    }
  }

  /** Below this many free chunks a claim asks for a growth ahead: half the next step. */
  private int lowWater() {
    return (reservation.stepChunks() + 1) / 2;
  }

  private int claim(int n, long headDescriptor) {
    synchronized (freeChunks) {
      int c = findRun(n);
      long table = base + g.tableOffset();
      for (int i = 0; i < n; i++) {
        long d = i == 0 ? headDescriptor : ChunkLayout.encode(ChunkLayout.LARGE_CONT, 0);
        chunks[c + i] = d;
        ChunkLayout.descriptor(table, c + i, d);
      }
      Pmem.pfence();
      freeChunks.clear(c, c + n);
      freeCount -= n;
      return c;
    }
  }

  /**
   * The slow path of a full heap: returns this thread's cached slots to the central pools, then
   * turns every small chunk whose slots are all in its pool (none live, none cached by another
   * thread) back into a free chunk. Its media descriptor stays stale until the chunk is reused,
   * which recovery tolerates (see ChunkLayout).
   */
  private void reclaimEmptyChunks() {
    ThreadCache tc = caches.get();
    for (int sc = 0; sc < central.length; sc++) {
      while (tc.counts[sc] > 0) spill(tc, sc, Math.min(ThreadCache.BATCH, tc.counts[sc]));
    }
    for (int sc = 0; sc < central.length; sc++) {
      int perChunk = g.chunkSize() / SizeClasses.SLOT[sc];
      BitSet empty = new BitSet();
      synchronized (central[sc]) {
        // sized here, not before the loop: the heap may grow meanwhile (another allocating thread,
        // the grower thread) and slots of its new chunks join the pool; each joined after its
        // chunk joined the array, so this length covers every slot in the pool
        int[] inPool = new int[chunks.length];
        central[sc].forEach(a -> inPool[g.chunkOf(a - base)]++);
        for (int c = 0; c < inPool.length; c++) if (inPool[c] == perChunk) empty.set(c);
        central[sc].retain(a -> !empty.get(g.chunkOf(a - base)));
      }
      release(empty);
    }
  }

  private void release(BitSet empty) {
    synchronized (freeChunks) {
      for (int c = empty.nextSetBit(0); c >= 0; c = empty.nextSetBit(c + 1)) {
        chunks[c] = ChunkLayout.encode(ChunkLayout.FREE, 0);
        if (!freeChunks.get(c)) freeCount++;
        freeChunks.set(c);
      }
    }
  }

  private int findRun(int n) {
    for (int c = freeChunks.nextSetBit(0); c >= 0; c = freeChunks.nextSetBit(c + 1)) {
      int end = freeChunks.nextClearBit(c);
      if (end - c >= n) return c;
      c = end;
    }
    return -1;
  }

  private void freeLarge(int c, int n) {
    synchronized (freeChunks) {
      for (int i = 0; i < n; i++) chunks[c + i] = ChunkLayout.encode(ChunkLayout.FREE, 0);
      freeChunks.set(c, c + n);
      freeCount += n;
    }
  }
}
