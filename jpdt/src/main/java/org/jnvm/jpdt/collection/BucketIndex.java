package org.jnvm.jpdt.collection;

import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;
import java.util.function.IntToLongFunction;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PType;

/**
 * A hash map's persistent index: extendible hashing of records {@code (hash, slot)} ({@link
 * BucketLayout}) over the entries of an {@link EntryStore}, so that a reopened map answers lookups
 * at once, without rebuilding anything. It is a <em>hint</em>, checked on use: the truth stays the
 * slots, and a lookup follows a record to its slot and compares the key there.
 *
 * <pre>
 *   BucketParts (PARTS refs)  --part p-->  BucketDirectory (2^g refs)  --word i-->  Bucket
 *   mixed hash m = hash * 0x9E3779B9:  | p: PART_BITS | i: g bits | ... |
 * </pre>
 *
 * <p><b>Invariant</b> (on media at every fence, hence at every crash): for every live slot {@code
 * s} whose key hashes to {@code h}, the bucket that the directory word of {@code h} references
 * holds a record {@code (h, s)}. Stale records (a slot since emptied or reused by another key) are
 * allowed: a lookup skips them, a rehash drops those whose slot is empty.
 *
 * <ol>
 *   <li>An insertion writes its record and writes it back before the slot's publication, whose
 *       first fence makes it durable first ({@link EntryStore#publish}): no extra fence. A record
 *       already there (a rolled-back insertion of a key into the same slot left it) is not written
 *       twice, and a rehash keeps each record once: rolled-back blocks that retry do not fill a
 *       bucket with copies.
 *   <li>A removal outside blocks tombstones the record after the slot's zero is durable, and does
 *       not write it back: a tombstone lost in a crash leaves a stale record, which lookups skip
 *       and the next rehash of its bucket drops (its slot is empty or holds another key). In a
 *       failure-atomic block the record stays: a rollback restores the slot, and stores to the
 *       index are never logged, so nothing else would restore the record.
 *   <li>A rehash of a full bucket B (local depth l) writes its live records into one new bucket of
 *       depth l, or two of depth l + 1 split by the next hash bit, writes them back, fences, then
 *       points the directory words that referenced B to them, writes back, syncs and frees B. At
 *       every crash point each word references B (all its records) or a new bucket (all those of
 *       its half): the invariant holds whatever subset of the words is durable.
 *   <li>A directory doubling writes a directory of twice the words (each old word twice), writes it
 *       back, fences, stores it in the root word of its part, writes back, syncs, frees the old
 *       one. A part's first directory and bucket are written back and fenced before the root word.
 * </ol>
 *
 * The syncs before a free keep EntryStore's rule: an object is freed only once the store that
 * unlinked it is durable, so that its memory, reused, cannot be written before that store (two
 * rehashes in one insertion can reuse the first one's freed bucket).
 *
 * <p>Shown by {@code MapCrashTest} (each deleted, the test fails): the record's write-back, the
 * fence of a part's creation, of a rehash and of a doubling. Not shown by a test: the two syncs
 * before a free (the reuse they guard needs two rehashes in one insertion and an allocation landing
 * on the freed bucket) and the write-backs of directory and root words (the publication's fence
 * follows them in the same operation; without them the words could stay in the cache past it).
 *
 * <p><b>Concurrency.</b> A part of the index lies inside one lock part of the map ({@link #PARTS}
 * is at least the map's lock parts): its directory and buckets are read and written only under that
 * lock. Structural changes in a failure-atomic block run outside it ({@link BlockSupport#outside}):
 * other parts' users may rely on them, and the index has no undo: a rolled-back insertion leaves a
 * stale record. Only a block that owns the whole index (it cleared or allocated the map, so every
 * bucket is its own) changes it inside the block.
 */
final class BucketIndex {
  static final int PART_BITS = 8;

  /** Parts of the hash space: at least any map's lock parts, so that each lies in one. */
  static final int PARTS = 1 << PART_BITS;

  /** The deepest a bucket can be split: every bit of the mixed hash used. */
  static final int MAX_DEPTH = Integer.SIZE - PART_BITS;

  /**
   * Positions an insertion probes from its home before it rehashes the bucket; it goes on past them
   * only over records of its own hash, which no rehash could move apart ({@link #freeFor}).
   */
  static final int PROBES = 16;

  private static final BlockSupport BLOCKS = BlockSupport.installed();

  private final Heap heap;
  private final EntryStore store;

  /** The address of the root ({@link BucketParts}); changes only with the store's directory. */
  private volatile long root;

  BucketIndex(EntryStore store, long root) {
    this.heap = store.heap;
    this.store = store;
    this.root = root;
  }

  /** Follows the store to a new root (after a clear or a reload). */
  void root(long address) {
    root = address;
  }

  static int mix(int hash) {
    return hash * 0x9E3779B9;
  }

  static int partOf(int hash) {
    return mix(hash) >>> (Integer.SIZE - PART_BITS);
  }

  /** The word of {@code hash} in a directory of {@code 2^g} words. */
  static int wordOf(int hash, int g) {
    return g == 0 ? 0 : (mix(hash) << PART_BITS) >>> (Integer.SIZE - g);
  }

  /** The home position of {@code hash} in a bucket (bits independent of the directory's). */
  static int home(int hash) {
    int h = hash;
    h ^= h >>> 16;
    h *= 0x85EB_CA6B;
    h ^= h >>> 13;
    h *= 0xC2B2_AE35;
    h ^= h >>> 16;
    return (int) (((h & 0xFFFF_FFFFL) * BucketLayout.RECORDS) >>> 32);
  }

  private static int next(int i) {
    return i + 1 == BucketLayout.RECORDS ? 0 : i + 1;
  }

  // ---- lookups -----------------------------------------------------------------------------

  /**
   * The address of the live entry whose key is equivalent to {@code key} (of hash {@code hash}), or
   * 0. Reads only; the caller holds the key's lock part.
   */
  long find(int hash, Object key, PType<Object> keys) {
    long b = bucketOf(hash);
    if (b == 0) return 0;
    int i = home(hash);
    for (int n = 0; n < BucketLayout.RECORDS; n++, i = next(i)) {
      long r = BucketLayout.record(b, i);
      if (r == BucketLayout.EMPTY) return 0;
      if (r == BucketLayout.TOMBSTONE || BucketLayout.hashOf(r) != hash) continue;
      long entry = store.entryAt(BucketLayout.slotOf(r));
      if (entry != 0 && keys.matchesAt(heap, EntryLayout.key(entry), key)) return entry;
    }
    return 0;
  }

  /** The bucket of {@code hash}, or 0 if its part has none yet. */
  private long bucketOf(int hash) {
    return bucketOf(heap, root, hash);
  }

  /** The bucket of {@code hash} in the index whose root is at {@code root}, or 0. */
  static long bucketOf(Heap heap, long root, int hash) {
    long ref = BlockLayout.ref(root, partOf(hash));
    if (ref == 0) return 0;
    long dir = heap.base() + ref;
    return heap.base() + BlockLayout.ref(dir, wordOf(hash, depthOf(dir)));
  }

  /** True if the bucket at {@code b} holds {@code record} where a lookup of its hash finds it. */
  static boolean holds(long b, long record) {
    int i = home(BucketLayout.hashOf(record));
    for (int n = 0; n < BucketLayout.RECORDS; n++, i = next(i)) {
      long r = BucketLayout.record(b, i);
      if (r == BucketLayout.EMPTY) return false;
      if (r == record) return true;
    }
    return false;
  }

  private long directory(int part) {
    long ref = BlockLayout.ref(root, part);
    return ref == 0 ? 0 : heap.base() + ref;
  }

  private static int depthOf(long dir) {
    return Integer.numberOfTrailingZeros(BlockLayout.length(dir));
  }

  // ---- changes -----------------------------------------------------------------------------

  /**
   * Records that {@code slot} is about to hold an entry whose key hashes to {@code hash}: written
   * back, not fenced (the publication fences). {@code outside}: as for {@link EntryStore#claim}.
   */
  void add(int hash, int slot, boolean outside) {
    boolean inBlock = InBlock.active();
    boolean apart = outside && !BLOCKS.isFresh(heap, store.header);
    boolean logged = inBlock && !apart;
    while (true) {
      long b = bucketOf(hash);
      if (b == 0) {
        structural(apart, () -> createPart(partOf(hash), logged));
        continue;
      }
      long record = BucketLayout.record(hash, slot);
      if (holds(b, record)) return; // left by a rolled-back insertion into the same slot
      int i = freeFor(hash, at -> BucketLayout.record(b, at));
      if (i >= 0) {
        BucketLayout.record(b, i, record);
        Pmem.pwb(BucketLayout.recordAddress(b, i));
        return;
      }
      long full = b;
      structural(apart, () -> rehash(hash, full, !inBlock, logged));
    }
  }

  /** Tombstones the record of {@code slot} (now durably empty) for {@code hash}, if any. */
  void remove(int hash, int slot) {
    long b = bucketOf(hash);
    if (b == 0) return;
    long want = BucketLayout.record(hash, slot);
    int i = home(hash);
    for (int n = 0; n < BucketLayout.RECORDS; n++, i = next(i)) {
      long r = BucketLayout.record(b, i);
      if (r == BucketLayout.EMPTY) return;
      if (r == want) {
        BucketLayout.record(b, i, BucketLayout.TOMBSTONE); // not written back: see the class
        return;
      }
    }
  }

  /** Runs a structural change apart from this thread's block ({@code apart}), or in line. */
  private static void structural(boolean apart, Runnable r) {
    if (apart) BLOCKS.outside(r);
    else r.run();
  }

  /** A part's first directory (one word) and bucket (depth 0), then the root word. */
  private void createPart(int part, boolean logged) {
    Bucket b = new Bucket(heap, 0);
    b.pwbObject();
    BucketDirectory d = new BucketDirectory(heap, 1);
    BlockLayout.ref(d.address(), 0, b.offset());
    d.pwbObject();
    Pmem.pfence();
    if (logged) InBlock.beforeStore(BlockLayout.address(root, part), 8);
    BlockLayout.ref(root, part, d.offset());
    Pmem.pwb(BlockLayout.address(root, part));
  }

  /**
   * Replaces the full bucket {@code b} of {@code hash}'s part by one bucket of its live records, if
   * that leaves {@code hash} a free position within {@link #PROBES} of its home, else by two of the
   * next depth (doubling the directory first if needed). {@code dropEmpty}: also drop records whose
   * slot is empty (not in a block, whose rollback could fill the slot again). {@code logged}: the
   * change is part of this thread's block, which owns the map: its stores to existing words are
   * logged, so a rollback restores them and frees the new objects.
   */
  private void rehash(int hash, long b, boolean dropEmpty, boolean logged) {
    int depth = BucketLayout.depth(b);
    long[] live = liveRecords(b, dropEmpty);
    long[] compact = layout(live, depth, -1);
    boolean split = !hasRoom(compact, hash);
    if (split && (depth == MAX_DEPTH || sameHash(live, hash))) {
      throw new IllegalStateException(
          "more than "
              + BucketLayout.RECORDS
              + " keys of one map share one 32-bit hash (their type's hash): hash="
              + hash
              + " file="
              + heap.file());
    }
    int part = partOf(hash);
    long dir = directory(part);
    if (split && depth == depthOf(dir)) dir = doubleDirectory(part, dir, logged);
    Bucket zero = bucket(split ? layout(live, depth, 0) : compact, split ? depth + 1 : depth);
    Bucket one = zero;
    try {
      if (split) one = bucket(layout(live, depth, 1), depth + 1);
    } catch (RuntimeException e) {
      heap.free(zero); // never reachable
      throw e;
    }
    Pmem.pfence();
    int g = depthOf(dir);
    int span = 1 << (g - depth);
    int first = wordOf(hash, g) & -span;
    for (int w = first; w < first + span; w++) {
      if (heap.base() + BlockLayout.ref(dir, w) != b) continue; // a half left by a crash
      boolean high = split && (w - first) >= span / 2;
      if (logged) InBlock.beforeStore(BlockLayout.address(dir, w), 8);
      BlockLayout.ref(dir, w, (high ? one : zero).offset());
      Pmem.pwb(BlockLayout.address(dir, w));
    }
    Pmem.psync();
    heap.free(heap.object(b - heap.base()));
  }

  /** A new bucket of {@code depth} holding {@code records} as laid out, written back. */
  private Bucket bucket(long[] records, int depth) {
    Bucket b = new Bucket(heap, depth);
    for (int i = 0; i < records.length; i++) {
      if (records[i] != BucketLayout.EMPTY) BucketLayout.record(b.address(), i, records[i]);
    }
    b.pwbObject();
    return b;
  }

  /**
   * {@code live} laid out in a bucket's positions: all of them ({@code side} -1), or those whose
   * bit {@code depth} is {@code side}.
   */
  private static long[] layout(long[] live, int depth, int side) {
    long[] out = new long[BucketLayout.RECORDS];
    for (long r : live) {
      if (side >= 0 && bitAt(BucketLayout.hashOf(r), depth) != (side == 1)) continue;
      int i = home(BucketLayout.hashOf(r));
      while (out[i] != BucketLayout.EMPTY) i = next(i);
      out[i] = r;
    }
    return out;
  }

  private static boolean hasRoom(long[] records, int hash) {
    return freeFor(hash, at -> records[at]) >= 0;
  }

  /**
   * Where a record of {@code hash} goes in a bucket whose records {@code at} gives: the first
   * position from its home that names no slot, within {@link #PROBES} or, past them, as long as
   * every record passed has {@code hash} itself (keys of one hash stay in one bucket at any depth);
   * -1 if there is none.
   */
  static int freeFor(int hash, IntToLongFunction at) {
    boolean own = true;
    int i = home(hash);
    for (int n = 0; n < BucketLayout.RECORDS && (n < PROBES || own); n++, i = next(i)) {
      long r = at.applyAsLong(i);
      if (!BucketLayout.names(r)) return i;
      own &= BucketLayout.hashOf(r) == hash;
    }
    return -1;
  }

  private static boolean sameHash(long[] live, int hash) {
    for (long r : live) if (BucketLayout.hashOf(r) != hash) return false;
    return true;
  }

  /** Bit {@code depth} (from the top, after the part's bits) of {@code hash}'s mixed hash. */
  private static boolean bitAt(int hash, int depth) {
    return ((mix(hash) << PART_BITS) << depth) < 0;
  }

  private long[] liveRecords(long b, boolean dropEmpty) {
    long[] out = new long[BucketLayout.RECORDS];
    int n = 0;
    for (int i = 0; i < BucketLayout.RECORDS; i++) {
      long r = BucketLayout.record(b, i);
      if (!BucketLayout.names(r)) continue;
      if (dropEmpty && store.entryAt(BucketLayout.slotOf(r)) == 0) continue;
      out[n++] = r;
    }
    Arrays.sort(out, 0, n); // and each record once: duplicates come from rolled-back insertions
    int unique = 0;
    for (int i = 0; i < n; i++)
      if (unique == 0 || out[unique - 1] != out[i]) out[unique++] = out[i];
    return Arrays.copyOf(out, unique);
  }

  private long doubleDirectory(int part, long dir, boolean logged) {
    int n = BlockLayout.length(dir);
    if (2L * n > Integer.MAX_VALUE / 2) {
      throw new IllegalStateException("index directory too large: " + n + " words");
    }
    BucketDirectory d = new BucketDirectory(heap, 2 * n);
    for (int w = 0; w < n; w++) {
      long ref = BlockLayout.ref(dir, w);
      BlockLayout.ref(d.address(), 2 * w, ref);
      BlockLayout.ref(d.address(), 2 * w + 1, ref);
    }
    d.pwbObject();
    Pmem.pfence();
    if (logged) InBlock.beforeStore(BlockLayout.address(root, part), 8);
    BlockLayout.ref(root, part, d.offset());
    Pmem.pwb(BlockLayout.address(root, part));
    Pmem.psync();
    heap.free(heap.object(dir - heap.base()));
    return d.address();
  }

  // ---- whole index -------------------------------------------------------------------------

  /** A new empty index root, written back, not fenced. */
  static BucketParts createRoot(Heap heap) {
    BucketParts p = new BucketParts(heap);
    p.pwbObject();
    return p;
  }

  /** Frees every object of the (unreachable) index whose root is at {@code root}. */
  static void freeAll(Heap heap, long root) {
    for (long o : objects(heap, root)) heap.free(heap.object(o - heap.base()));
  }

  /** The addresses of the index's objects: root, directories, distinct buckets. */
  static Set<Long> objects(Heap heap, long root) {
    Set<Long> all = new HashSet<>();
    all.add(root);
    for (int p = 0; p < PARTS; p++) {
      long ref = BlockLayout.ref(root, p);
      if (ref == 0) continue;
      long dir = heap.base() + ref;
      all.add(dir);
      for (int w = 0; w < BlockLayout.length(dir); w++) {
        all.add(heap.base() + BlockLayout.ref(dir, w));
      }
    }
    return all;
  }

  /** Checks the root's class; the directories and buckets are checked by their users. */
  static long checkedRoot(Heap heap, long header, long ref) {
    if (ref == 0 || !(heap.object(ref) instanceof BucketParts p)) {
      throw new HeapCorruptException(
          "bad map at 0x"
              + Long.toHexString(header - heap.base())
              + ": index word is not an index root file="
              + heap.file());
    }
    return p.address();
  }
}
