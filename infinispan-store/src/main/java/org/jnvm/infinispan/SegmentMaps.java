package org.jnvm.infinispan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.StampedLock;
import java.util.function.Function;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;

/**
 * One cache's entries: a persistent index per segment (key to entry record: {@link EntryIndex}, a
 * J-PDT map in store format 1, a {@link SegmentTable} in format 2) and a lock per segment.
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
   * The segments' indexes, each opened on first use or by the {@link #openInBackground opener},
   * whichever comes first. Format 1 resurrects a J-PDT map, whose volatile index is rebuilt then: a
   * restart serves its first operations after rebuilding only the segments they touch. Format 2
   * reads its table in place: opening costs nothing. Null until opened; set once, under {@link
   * #opening}'s monitor of the segment.
   */
  private final AtomicReferenceArray<EntryIndex> maps;

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

  /** The index of segment {@code seg}, opened now if nothing opened it yet. */
  private EntryIndex map(int seg) {
    EntryIndex m = maps.get(seg);
    return m != null ? m : open(seg);
  }

  private EntryIndex open(int seg) {
    synchronized (opening[seg]) {
      EntryIndex m = maps.get(seg);
      if (m == null) {
        m = root.index(seg);
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
    if (old != null && !old.equals(record)) frees.replaced(frees.view(old), frees.view(record));
  }

  /**
   * A record a commit replaced, freed after the commit's fence; {@code by}: see {@link
   * RecordWriter#replaced}.
   */
  record Replaced(StoredEntry old, StoredEntry by) {}

  /**
   * {@link #applyLocked} for a commit that makes all its changes durable with one fence of its own:
   * a put is written back, not fenced ({@link EntryIndex#putUnfenced}: {@code record} must be
   * durable already), and the record it replaced is added to {@code replaced} instead of being
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
      replaced.add(new Replaced(writer.view(old), writer.view(record)));
    }
  }

  /** Frees what {@link #applyUnfenced} replaced, once the replacing stores are durable. */
  void free(List<Replaced> replaced) {
    for (Replaced r : replaced) writer.replaced(r.old(), r.by());
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

  /** Entries of segment {@code seg}, under its read lock (a format-2 table may count its slots). */
  long size(int seg) {
    long stamp = locks[seg].readLock();
    try {
      return map(seg).size();
    } finally {
      locks[seg].unlockRead(stamp);
    }
  }

  /**
   * Empties segment {@code seg}: the map is cleared atomically (one durable store), then the
   * records it held are freed.
   */
  void clear(int seg) {
    long stamp = locks[seg].writeLock();
    try {
      List<StoredEntry> records = new ArrayList<>((int) map(seg).size());
      map(seg).forEach((k, r) -> records.add(writer.view(r)));
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
      List<Snapshot> out = new ArrayList<>();
      map(seg)
          .forEach(
              (key, r) -> {
                try {
                  if (key instanceof EntryIndex.UnreadableKey u) throw u.problem();
                  out.add(new Snapshot(key, writer.view(r).read()));
                } catch (HeapCorruptException | IllegalArgumentException x) {
                  skip(RecordErrors.badRecord(root, seg, RecordErrors.text(key), x));
                }
              });
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
      List<Object> out = new ArrayList<>();
      map(seg)
          .forEach(
              (key, r) -> {
                if (key instanceof EntryIndex.UnreadableKey u) {
                  skip(RecordErrors.badRecord(root, seg, key.toString(), u.problem()));
                  return;
                }
                long expiry = writer.view(r).expiry();
                if (expiry <= 0 || expiry > now) out.add(key);
              });
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
      long[] entries = {0};
      boolean[] expiringLeft = {false};
      map(seg)
          .forEach(
              (key, record) -> {
                entries[0]++;
                if (key instanceof EntryIndex.UnreadableKey) {
                  expiringLeft[0] = true; // unknown: the next purge looks again
                  return;
                }
                StoredEntry r = writer.view(record);
                long expiry = r.expiry();
                if (expiry > 0 && expiry <= now) {
                  out.add(new Snapshot(key, r.read()));
                } else if (expiry > 0) {
                  expiringLeft[0] = true;
                }
              });
      for (Snapshot e : out) removeStored(seg, e.key());
      expiring.scanned(seg, entries[0], expiringLeft[0]);
      return out;
    } finally {
      locks[seg].unlockWrite(stamp);
    }
  }

  /** Removes the entry of {@code rawKey} (as {@link EntryIndex#forEach} gave it) and frees it. */
  private void removeStored(int seg, Object rawKey) {
    PObject r = map(seg).remove(lookupForm(rawKey));
    if (r != null) writer.release(List.of(writer.view(r)));
  }

  /** The lookup form of a key as {@link Snapshot} holds it. */
  static KeyForm lookupForm(Object rawKey) {
    if (rawKey instanceof String s) return KeyForm.of(s);
    if (rawKey instanceof byte[] b) return KeyForm.of(b);
    return KeyForm.of((PObject) rawKey);
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
