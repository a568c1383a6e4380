package org.jnvm.ycsb.jpdt;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.locks.StampedLock;
import org.jnvm.core.heap.Heap;
import org.jnvm.ycsb.Dirs;
import org.jnvm.ycsb.FieldSchema;
import org.jnvm.ycsb.FullHeap;
import org.jnvm.ycsb.OnJnvmHeap;
import org.jnvm.ycsb.Sizes;
import org.jnvm.ycsb.StripedLocks;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB straight on a J-PDT map, no Infinispan: keys are owned {@code PString}s, values {@link
 * PRecord}s, in a {@code PConcurrentHashMap} or, for scans (workload E), a {@code PSkipListMap}.
 * Every operation is durable when it returns.
 *
 * <p>Properties: {@value #MAP_PROPERTY} ({@code hash}, the default, or {@code ordered}); {@value
 * Dirs#DIR_PROPERTY} (directory of the heap file {@value #HEAP_FILE}, default {@code
 * /dev/shm/jnvm-ycsb-jpdt-map}); {@value #HEAP_SIZE_PROPERTY} (maximum size when created, default 2
 * KiB per record and per ten operations plus 128 MiB, and at least 256 GiB where the JVM can map
 * it: space is reserved as records arrive); {@value Dirs#DELETE_PROPERTY}. A full heap is an {@code
 * ERROR} status with the message, not a dead client thread.
 *
 * <p>An update of one field (YCSB's default) swaps it into the record's spare slot ({@link
 * PRecord#replaceSwapping}); an update of more fields stores a new record in the old one's place.
 *
 * <p>Concurrency: the map is thread-safe; updates and deletes of a record, which rewrite or free
 * what they replace, hold the key's stripe exclusively, and reads hold it shared ({@link
 * StripedLocks}).
 */
public final class JpdtMapDB extends DB implements OnJnvmHeap {
  public static final String MAP_PROPERTY = "jnvm.map";
  public static final String HEAP_SIZE_PROPERTY = "jnvm.heapsize";
  public static final String HEAP_FILE = "jpdt-map.heap";

  private static final StripedLocks LOCKS = new StripedLocks();

  /** About 1.6 KiB per record (ten 128-byte arrays, the record, key, entry), with room to spare. */
  private static final long BYTES_PER_RECORD = 2 << 10;

  private static final long MARGIN = 128L << 20;

  private SharedHeap shared;
  private FieldSchema schema;
  private int capacity;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    try {
      String kind = p.getProperty(MAP_PROPERTY, "hash");
      if (!kind.equals("hash") && !kind.equals("ordered")) {
        throw new IllegalArgumentException(
            MAP_PROPERTY + " must be hash or ordered: " + MAP_PROPERTY + "=" + kind);
      }
      Path file = Dirs.tableDir(p, "jpdt-map").resolve(HEAP_FILE);
      long size = Sizes.heapSize(p, HEAP_SIZE_PROPERTY, BYTES_PER_RECORD, MARGIN);
      String table = p.getProperty("table", "usertable");
      schema = FieldSchema.of(p);
      capacity = Integer.parseInt(p.getProperty("fieldlength", "100"));
      Dirs.requireLoaded(p, file);
      shared =
          SharedHeap.acquire(
              file, size, table, kind.equals("ordered"), Dirs.delete(p), Dirs.runPhase(p));
    } catch (RuntimeException | LinkageError e) { // LinkageError: a class failed to initialize
      throw new DBException("cannot open the J-PDT map binding: " + e, e);
    }
  }

  @Override
  public Heap jnvmHeap() {
    return shared == null ? null : shared.heap;
  }

  @Override
  public void cleanup() {
    if (shared != null) SharedHeap.release(shared);
    shared = null;
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> out) {
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.readLock();
    try {
      PRecord r = shared.map.get(key);
      if (r == null) return Status.NOT_FOUND;
      r.copyInto(schema, fields, out);
      return Status.OK;
    } finally {
      lock.unlockRead(stamp);
    }
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int count,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    if (shared.ordered == null) return Status.NOT_IMPLEMENTED;
    for (String key : shared.ordered.tailMap(startkey, true).keySet()) {
      if (result.size() >= count) break;
      HashMap<String, ByteIterator> row = new HashMap<>();
      if (read(table, key, fields, row) == Status.OK) result.add(row);
    }
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.writeLock();
    try {
      PRecord r = shared.map.get(key);
      if (r == null) return Status.NOT_FOUND;
      if (values.size() == 1 && r.swaps()) {
        var e = values.entrySet().iterator().next();
        r.replaceSwapping(schema.index(e.getKey()), e.getValue().toArray());
        return Status.OK;
      }
      Map<Integer, byte[]> changes = new HashMap<>();
      values.forEach((name, v) -> changes.put(schema.index(name), v.toArray()));
      shared.map.put(key, r.withReplaced(changes));
      r.free();
      return Status.OK;
    } catch (RuntimeException e) {
      return FullHeap.status(e);
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    byte[][] fields = new byte[schema.count()][];
    values.forEach((name, v) -> fields[schema.index(name)] = v.toArray());
    PRecord fresh;
    try {
      fresh = PRecord.create(shared.heap, fields, capacity);
    } catch (RuntimeException e) {
      return FullHeap.status(e);
    }
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.writeLock();
    try {
      PRecord prior = shared.map.put(key, fresh);
      if (prior != null) prior.free();
      return Status.OK;
    } catch (RuntimeException e) {
      fresh.free();
      return FullHeap.status(e);
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  @Override
  public Status delete(String table, String key) {
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.writeLock();
    try {
      PRecord r = shared.map.remove(key);
      if (r == null) return Status.NOT_FOUND;
      r.free();
      return Status.OK;
    } finally {
      lock.unlockWrite(stamp);
    }
  }
}
