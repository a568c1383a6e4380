package org.jnvm.infinispan;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.StampedLock;
import java.util.function.Function;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * One cache's entries: a persistent map per segment (key to entry record) and a lock per segment.
 *
 * <p>Why a lock of our own on top of the map's: a record (and a J-NVM value) is freed by the write
 * or removal that drops it, so a reader must not be reading it then. Reads hold the segment's lock
 * for reading while they copy a record to volatile memory; writes, removals and clears hold it for
 * writing while they publish and free. Every operation under the lock is a bounded memory-speed
 * operation (at most a few fences, no I/O, no waiting on anything but other such operations), which
 * is why these calls may run on Infinispan's non-blocking threads; whole-segment work (snapshot,
 * clear, purge) runs on blocking threads.
 */
final class SegmentMaps {
  private static final System.Logger LOG = System.getLogger(SegmentMaps.class.getName());

  /**
   * A key and its record's contents, copied under the segment lock: {@code key} is the String of a
   * stored {@link StringKey}, the marshalled bytes of a stored blob, or the stored J-NVM key (a
   * PString copy or the caller's object).
   */
  record Snapshot(Object key, EntryData data) {}

  private final StoreRoot root;
  private final RecordWriter writer;

  /**
   * The segments' maps, each resurrected (its volatile index rebuilt) on first use or by the {@link
   * #openInBackground opener}, whichever comes first: a restart serves its first operations after
   * rebuilding only the segments they touch. Null until opened; set once, under {@link #opening}'s
   * monitor of the segment.
   */
  private final AtomicReferenceArray<PConcurrentHashMap<Object, PObject>> maps;

  private final Object[] opening;
  private final StampedLock[] locks;
  private final ExpiringSegments expiring;
  private final AtomicLong skipped = new AtomicLong();
  private volatile boolean closing;
  private Thread opener;

  /** The maps of a store that may hold entries of an earlier run. */
  SegmentMaps(StoreRoot root, RecordWriter writer) {
    this(root, writer, false);
  }

  /**
   * @param created the store was created empty just now: no segment holds an entry with an expiry
   *     yet ({@link ExpiringSegments})
   */
  SegmentMaps(StoreRoot root, RecordWriter writer, boolean created) {
    this.root = root;
    this.writer = writer;
    int n = root.segments();
    this.maps = new AtomicReferenceArray<>(n);
    this.opening = new Object[n];
    this.locks = new StampedLock[n];
    this.expiring = new ExpiringSegments(n, created);
    for (int s = 0; s < n; s++) {
      opening[s] = new Object();
      locks[s] = new StampedLock();
    }
  }

  int segments() {
    return maps.length();
  }

  /** The map of segment {@code seg}, opened now if nothing opened it yet. */
  private PConcurrentHashMap<Object, PObject> map(int seg) {
    PConcurrentHashMap<Object, PObject> m = maps.get(seg);
    return m != null ? m : open(seg);
  }

  private PConcurrentHashMap<Object, PObject> open(int seg) {
    synchronized (opening[seg]) {
      PConcurrentHashMap<Object, PObject> m = maps.get(seg);
      if (m == null) {
        m = root.map(seg);
        maps.set(seg, m);
      }
      return m;
    }
  }

  /**
   * Opens, on a thread of its own, every segment no operation has opened yet, so that the index
   * rebuild of a restart runs beside the first operations instead of before them. {@link #close}
   * stops and waits for it. A segment that fails to open is left for its first operation, which
   * reports the failure to its caller.
   */
  synchronized void openInBackground(String name) {
    if (opener != null) return;
    opener = new Thread(this::openAll, name);
    opener.setDaemon(true);
    opener.start();
  }

  private void openAll() {
    for (int s = 0; s < maps.length() && !closing; s++) {
      try {
        map(s);
      } catch (RuntimeException e) {
        LOG.log(System.Logger.Level.WARNING, "segment " + s + " left to its first use: " + e);
      }
    }
  }

  /** Stops the background opener; the heap may be released once this returns. */
  synchronized void close() {
    closing = true;
    if (opener == null) return;
    boolean interrupted = false;
    while (opener.isAlive()) {
      try {
        opener.join();
      } catch (InterruptedException e) {
        interrupted = true; // the heap must not be released under the opener: wait on
      }
    }
    if (interrupted) Thread.currentThread().interrupt();
  }

  /** {@code f} applied to the record of {@code key}, or null if absent; under the read lock. */
  <R> R read(int seg, KeyForm key, Function<StoredEntry, R> f) {
    long stamp = locks[seg].readLock();
    try {
      PObject r = map(seg).get(key);
      return r == null ? null : f.apply(writer.view(r));
    } catch (HeapCorruptException | IllegalArgumentException e) {
      throw RecordErrors.badRecord(root, seg, RecordErrors.text(key), e);
    } finally {
      locks[seg].unlockRead(stamp);
    }
  }

  void write(int seg, KeyForm key, EntryData d) {
    long stamp = locks[seg].writeLock();
    try {
      expiring.stored(seg, d.expiry()); // before: a put that throws may have published it
      writer.put(map(seg), key, d);
    } finally {
      locks[seg].unlockWrite(stamp);
    }
  }

  /**
   * Runs {@code body} holding the write locks of {@code segments}, which are sorted and distinct
   * (every caller taking several locks takes them in ascending order: no deadlock).
   */
  void withWriteLocks(int[] segments, Runnable body) {
    long[] stamps = new long[segments.length];
    int held = 0;
    try {
      for (; held < segments.length; held++) stamps[held] = locks[segments[held]].writeLock();
      body.run();
    } finally {
      for (int i = held - 1; i >= 0; i--) locks[segments[i]].unlockWrite(stamps[i]);
    }
  }

  /**
   * Maps {@code key} to the durable {@code record} (or removes it when {@code record} is null) and
   * frees what it replaced, the caller holding the segment's write lock. Idempotent: a key already
   * mapped to {@code record} is left alone, which is what makes a transaction's replay safe. {@code
   * frees} frees what is replaced or removed (this store's writer, or its {@link
   * RecordWriter#atStart} form during a replay).
   */
  void applyLocked(int seg, KeyForm key, PObject record, RecordWriter frees) {
    if (record == null) {
      PObject r = map(seg).remove(key);
      if (r != null) frees.release(List.of(frees.view(r)));
      return;
    }
    expiring.stored(seg, frees.view(record).expiry());
    PObject old = map(seg).put(key, record);
    if (old != null && !old.equals(record)) {
      frees.replaced(frees.view(old), frees.view(record).ownedValue());
    }
  }

  /**
   * A record a commit replaced, freed after the commit's fence; {@code kept}: see {@link
   * RecordWriter#replaced}.
   */
  record Replaced(StoredEntry old, PObject kept) {}

  /**
   * {@link #applyLocked} for a commit that makes all its changes durable with one fence of its own:
   * a put is written back, not fenced ({@link PConcurrentHashMap#putUnfenced}: {@code record} must
   * be durable already), and the record it replaced is added to {@code replaced} instead of being
   * freed, for {@link #free} after that fence. A removal is durable on return, as in {@link
   * #applyLocked}.
   */
  void applyUnfenced(int seg, KeyForm key, PObject record, List<Replaced> replaced) {
    if (record == null) {
      applyLocked(seg, key, null, writer);
      return;
    }
    expiring.stored(seg, writer.view(record).expiry());
    PObject old = map(seg).putUnfenced(key, record);
    if (old != null && !old.equals(record)) {
      replaced.add(new Replaced(writer.view(old), writer.view(record).ownedValue()));
    }
  }

  /** Frees what {@link #applyUnfenced} replaced, once the replacing stores are durable. */
  void free(List<Replaced> replaced) {
    for (Replaced r : replaced) writer.replaced(r.old(), r.kept());
  }

  /** Removes {@code key}; true if it was there. */
  boolean delete(int seg, KeyForm key) {
    long stamp = locks[seg].writeLock();
    try {
      PObject r = map(seg).remove(key);
      if (r == null) return false;
      writer.release(List.of(writer.view(r)));
      return true;
    } finally {
      locks[seg].unlockWrite(stamp);
    }
  }

  long size(int seg) {
    return map(seg).size();
  }

  /**
   * Empties segment {@code seg}: the map is cleared atomically (one durable store), then the
   * records it held are freed.
   */
  void clear(int seg) {
    long stamp = locks[seg].writeLock();
    try {
      List<StoredEntry> records = new ArrayList<>(map(seg).size());
      for (PObject r : map(seg).values()) records.add(writer.view(r));
      map(seg).clear();
      writer.release(records);
    } finally {
      locks[seg].unlockWrite(stamp);
    }
  }

  /**
   * Copies of the entries of segment {@code seg}, taken under its read lock. A record that fails
   * its checks is reported, counted ({@link #skippedRecords}) and skipped: the segment's other
   * entries are still returned.
   */
  List<Snapshot> snapshot(int seg) {
    long stamp = locks[seg].readLock();
    try {
      List<Snapshot> out = new ArrayList<>(map(seg).size());
      for (Map.Entry<Object, PObject> e : map(seg).entrySet()) {
        Object key = rawKey(e.getKey());
        try {
          out.add(new Snapshot(key, writer.view(e.getValue()).read()));
        } catch (HeapCorruptException | IllegalArgumentException x) {
          skip(RecordErrors.badRecord(root, seg, RecordErrors.text(key), x));
        }
      }
      return out;
    } finally {
      locks[seg].unlockRead(stamp);
    }
  }

  /**
   * The keys of segment {@code seg} (as in {@link Snapshot}) whose entries have not expired at
   * {@code now}, reading no more of the records than their expiry.
   */
  List<Object> keys(int seg, long now) {
    long stamp = locks[seg].readLock();
    try {
      List<Object> out = new ArrayList<>(map(seg).size());
      for (Map.Entry<Object, PObject> e : map(seg).entrySet()) {
        long expiry = writer.view(e.getValue()).expiry();
        if (expiry <= 0 || expiry > now) out.add(rawKey(e.getKey()));
      }
      return out;
    } finally {
      locks[seg].unlockRead(stamp);
    }
  }

  /**
   * Removes the entries of segment {@code seg} expired at {@code now}, each with its own durable
   * removal, and returns them (stored key and contents, read before the removal). Reads nothing if
   * the segment holds no entry with an expiry ({@link ExpiringSegments}).
   */
  List<Snapshot> purgeExpired(int seg, long now) {
    long stamp = locks[seg].writeLock();
    try {
      if (!expiring.mustScan(seg)) return List.of();
      List<Snapshot> out = new ArrayList<>();
      List<PObject> expired = new ArrayList<>();
      long entries = 0;
      boolean expiringLeft = false;
      for (Map.Entry<Object, PObject> e : map(seg).entrySet()) {
        entries++;
        StoredEntry r = writer.view(e.getValue());
        long expiry = r.expiry();
        if (expiry > 0 && expiry <= now) {
          out.add(new Snapshot(rawKey(e.getKey()), r.read()));
          expired.add((PObject) e.getKey());
        } else if (expiry > 0) {
          expiringLeft = true;
        }
      }
      for (PObject k : expired) removeStored(seg, k);
      expiring.scanned(seg, entries, expiringLeft);
      return out;
    } finally {
      locks[seg].unlockWrite(stamp);
    }
  }

  private void removeStored(int seg, PObject storedKey) {
    PObject r = map(seg).remove(storedKey);
    if (r != null) writer.release(List.of(writer.view(r)));
  }

  /** Marshalled bytes of a blob (copied: the blob may be freed later), else the J-NVM key. */
  private static Object rawKey(Object stored) {
    if (stored instanceof StringKey k) return k.toString();
    return stored instanceof Blob b ? b.toArray() : stored;
  }

  /** Entries purges have read since open ({@link ExpiringSegments}). */
  long purgeScannedEntries() {
    return expiring.scannedEntries();
  }

  /** Records skipped by iterations because they failed a check (each logged once per skip). */
  long skippedRecords() {
    return skipped.get();
  }

  private void skip(HeapCorruptException e) {
    skipped.incrementAndGet();
    LOG.log(System.Logger.Level.WARNING, "iteration skips a record: " + e.getMessage());
  }

  StoreRoot root() {
    return root;
  }
}
