package org.jnvm.ycsb.infinispan;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.locks.StampedLock;
import org.infinispan.AdvancedCache;
import org.infinispan.context.Flag;
import org.jnvm.core.heap.Heap;
import org.jnvm.infinispan.JnvmStore;
import org.jnvm.ycsb.Dirs;
import org.jnvm.ycsb.FullHeap;
import org.jnvm.ycsb.HoldsEntries;
import org.jnvm.ycsb.OnJnvmHeap;
import org.jnvm.ycsb.RecordCodec;
import org.jnvm.ycsb.Sizes;
import org.jnvm.ycsb.StripedLocks;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB on Infinispan embedded, with a selectable persistence {@link Backend}.
 *
 * <p>Properties: {@value #BACKEND_PROPERTY} (default {@code volatile}; see {@link Backends}),
 * {@value Dirs#DIR_PROPERTY} (the table's files, default {@code /dev/shm/jnvm-ycsb-BACKEND}),
 * {@value #MEMORY_PROPERTY} (entries kept in memory by persistent backends, default a tenth of
 * {@code recordcount}), {@value Dirs#DELETE_PROPERTY} (delete the files when the last client
 * closes, default false, so that a later {@code -t} run finds what {@code -load} stored).
 *
 * <p>{@value #HEAP_SIZE_PROPERTY} (the maximum size of a J-NVM store's heap; default sized for
 * {@code recordcount} and at least 256 GiB where the JVM can map it: space is reserved as records
 * arrive). A full heap is an {@code ERROR} status with the message, not a dead client thread.
 *
 * <p>All client threads share one cache manager (see {@link SharedCaches}). Updates are
 * read-modify-writes of the record, atomic per key ({@code computeIfPresent}) and stored for real;
 * writes ignore return values so that a put never loads the old record from the store.
 */
public final class InfinispanDB extends DB implements HoldsEntries, OnJnvmHeap {
  public static final String BACKEND_PROPERTY = "jnvm.backend";
  public static final String MEMORY_PROPERTY = "jnvm.memorycount";
  public static final String HEAP_SIZE_PROPERTY = "jnvm.heapsize";

  /** J-NVM stores: about 1.3 KiB per record (record, key, entry record), with room to spare. */
  private static final long BYTES_PER_RECORD = 2 << 10;

  private static final long MARGIN = 64L << 20;

  /** Shared by every client of the JVM: a key's stripe is the same whatever thread holds it. */
  private static final StripedLocks LOCKS = new StripedLocks();

  private SharedCaches.Shared shared;
  private AdvancedCache<String, Object> cache;
  private AdvancedCache<String, Object> writes;

  /** Reads of Infinispan's container alone: a miss does not load from the store. */
  private AdvancedCache<String, Object> inMemory;

  private RecordCodec codec;
  private boolean scans;

  /** The key stripes when the store frees replaced values ({@link Backend#freesReplaced}). */
  private StripedLocks locks;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    try {
      Backend backend = Backends.byName(p.getProperty(BACKEND_PROPERTY, "volatile"));
      Path dir = Dirs.tableDir(p, backend.name());
      if (backend.persists()) Dirs.requireLoaded(p, dir);
      BenchDirs dirs =
          new BenchDirs(
              dir, memoryCount(p), Sizes.heapSize(p, HEAP_SIZE_PROPERTY, BYTES_PER_RECORD, MARGIN));
      shared =
          SharedCaches.acquire(backend, dirs, p.getProperty("table", "usertable"), Dirs.delete(p));
      cache = shared.cache.getAdvancedCache();
      writes = cache.withFlags(Flag.IGNORE_RETURN_VALUES);
      inMemory = cache.withFlags(Flag.SKIP_CACHE_LOAD);
      codec = backend.codec(shared.cache, p);
      locks = backend.freesReplaced() ? LOCKS : null;
      scans = backend.supportsScan();
    } catch (RuntimeException | LinkageError e) { // LinkageError: a class failed to initialize
      throw new DBException("cannot start the Infinispan binding: " + e, e);
    }
  }

  static long memoryCount(Properties p) {
    String m = p.getProperty(MEMORY_PROPERTY);
    if (m != null) return Long.parseLong(m);
    return Math.max(1, Long.parseLong(p.getProperty("recordcount", "0")) / 10);
  }

  /** Entries in Infinispan's data container (all of them for volatile, the bounded part else). */
  @Override
  public long entriesInMemory() {
    return cache.getDataContainer().sizeIncludingExpired();
  }

  /** Resizes the bounded container of a persistent row (Infinispan resizes it at run time). */
  @Override
  public void rebound(long entries) {
    var memory = cache.getCacheConfiguration().memory();
    if (memory.maxCount() > 0) memory.maxCount(entries);
  }

  /**
   * How long the shared cache took to start in this JVM: the cache manager (Infinispan's global
   * components), then the cache (its store's start: a heap's recovery, a file store's index, a
   * preload).
   */
  public record StartTimes(long managerNanos, long cacheNanos) {}

  /** The start of the shared cache this binding uses (null before {@code init}). */
  public StartTimes startTimes() {
    return shared == null ? null : shared.started;
  }

  /** The heap of the cache's J-NVM store, or null for a backend without one. */
  @Override
  public Heap jnvmHeap() {
    if (shared == null) return null;
    try {
      return JnvmStore.heap(shared.cache);
    } catch (IllegalStateException noJnvmStore) {
      return null;
    }
  }

  @Override
  public void cleanup() {
    if (shared != null) SharedCaches.release(shared);
    shared = null;
  }

  /**
   * Reads without the key's stripe first (a seqlock read: no write to a shared line, so readers of
   * a hot key do not contend), from Infinispan's container only, never from the store (a store load
   * racing with an update could read what the update frees); then checks that no update took the
   * stripe meanwhile. A miss, a race or bytes that are not a record: read again holding the stripe
   * shared.
   */
  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> out) {
    if (locks == null) return readUnlocked(key, fields, out);
    StampedLock lock = locks.of(key);
    if (out.isEmpty() && readOptimistic(lock, key, fields, out)) return Status.OK;
    long stamp = lock.readLock();
    try {
      return readUnlocked(key, fields, out);
    } finally {
      lock.unlockRead(stamp);
    }
  }

  /** True if the record was in memory and read whole with no update meanwhile ({@code out} set). */
  private boolean readOptimistic(
      StampedLock lock, String key, Set<String> fields, Map<String, ByteIterator> out) {
    long stamp = lock.tryOptimisticRead();
    if (stamp == 0) return false;
    try {
      Object v = inMemory.get(key);
      if (v != null && codec.decodeRacy(v, fields, out) && lock.validate(stamp)) return true;
    } catch (RuntimeException e) {
      if (lock.validate(stamp)) throw e; // no update raced: a real failure
    }
    out.clear();
    return false;
  }

  private Status readUnlocked(String key, Set<String> fields, Map<String, ByteIterator> out) {
    Object v = cache.get(key);
    if (v == null) return Status.NOT_FOUND;
    codec.decode(v, fields, out);
    return Status.OK;
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (!scans) return Status.NOT_IMPLEMENTED;
    throw new UnsupportedOperationException("scan declared by a backend without an implementation");
  }

  /**
   * A read-modify-write of the record, atomic per key: {@code computeIfPresent} with the merged
   * record, or, where the codec updates in place (J-NVM rows, see {@link JnvmRecordCodec}), the
   * stored record changed where it lies, the key's stripe held against readers.
   */
  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    long stamp = locks == null ? 0 : locks.of(key).writeLock();
    try {
      if (codec.updatesInPlace(values)) {
        Object stored = cache.get(key);
        if (stored == null) return Status.NOT_FOUND;
        codec.updateInPlace(stored, values);
        return Status.OK;
      }
      Object v = cache.computeIfPresent(key, (k, old) -> codec.merge(old, values));
      return v == null ? Status.NOT_FOUND : Status.OK;
    } catch (RuntimeException e) {
      return FullHeap.status(e);
    } finally {
      if (locks != null) locks.of(key).unlockWrite(stamp);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    Object record;
    try {
      record = codec.encode(values); // a J-NVM record: a full heap may refuse it here already
    } catch (RuntimeException e) {
      return FullHeap.status(e);
    }
    long stamp = locks == null ? 0 : locks.of(key).writeLock();
    try {
      writes.put(key, record);
      return Status.OK;
    } catch (RuntimeException e) {
      return FullHeap.status(e);
    } finally {
      if (locks != null) locks.of(key).unlockWrite(stamp);
    }
  }

  @Override
  public Status delete(String table, String key) {
    long stamp = locks == null ? 0 : locks.of(key).writeLock();
    try {
      writes.remove(key);
      return Status.OK;
    } finally {
      if (locks != null) locks.of(key).unlockWrite(stamp);
    }
  }
}
