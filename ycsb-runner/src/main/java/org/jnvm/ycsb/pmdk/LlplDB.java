package org.jnvm.ycsb.pmdk;

import static org.jnvm.ycsb.pmdk.PoolRecordLayout.ABSENT;
import static org.jnvm.ycsb.pmdk.PoolRecordLayout.CAPACITY_OFFSET;
import static org.jnvm.ycsb.pmdk.PoolRecordLayout.FIELDS_OFFSET;
import static org.jnvm.ycsb.pmdk.PoolRecordLayout.LEN_SIZE;

import com.intel.pmem.llpl.TransactionalHeap;
import com.intel.pmem.llpl.TransactionalMemoryBlock;
import com.intel.pmem.llpl.util.AutoCloseableIterator;
import com.intel.pmem.llpl.util.LongART;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.locks.StampedLock;
import org.jnvm.ycsb.Dirs;
import org.jnvm.ycsb.FieldSchema;
import org.jnvm.ycsb.Sizes;
import org.jnvm.ycsb.StripedLocks;
import site.ycsb.ByteArrayByteIterator;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB on PMDK's libpmemobj through Intel's LLPL (JNI): the external-design baseline. A record is
 * one pool block with a fixed slot per field ({@link PoolRecordLayout}); insert allocates, fills
 * and indexes it in one transaction, update rewrites the changed fields' slots in one transaction,
 * delete unindexes and frees it in one transaction. The index is LLPL's persistent ordered tree
 * (see {@link SharedPool}), so scans (workload E) are supported.
 *
 * <p>Properties: {@value Dirs#DIR_PROPERTY} (directory of the pool file {@value #POOL_FILE},
 * default {@code /dev/shm/jnvm-ycsb-pmdk}), {@value #POOL_SIZE_PROPERTY} (size when created,
 * default 3 KiB per record and per ten operations plus 256 MiB), {@value Dirs#DELETE_PROPERTY}. On
 * /dev/shm, run with {@code PMEM_IS_PMEM_FORCE=1} in the environment, or libpmemobj makes every
 * flush an msync.
 *
 * <p>libpmemobj transactions give failure atomicity, not isolation: updates and deletes hold the
 * key's stripe exclusively and reads hold it shared ({@link StripedLocks}).
 */
public final class LlplDB extends DB {
  public static final String POOL_SIZE_PROPERTY = "jnvm.poolsize";
  public static final String POOL_FILE = "pmdk.pool";

  private static final StripedLocks LOCKS = new StripedLocks();

  /** A 1,048-byte block, its key in the radix tree and libpmemobj's headers, with room to spare. */
  private static final long BYTES_PER_RECORD = 3 << 10;

  private static final long MARGIN = 256L << 20;

  private SharedPool pool;
  private TransactionalHeap heap;
  private FieldSchema schema;
  private int capacity;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    try {
      Path file = Dirs.tableDir(p, "pmdk").resolve(POOL_FILE);
      Dirs.requireLoaded(p, file);
      long size = Sizes.poolSize(p, POOL_SIZE_PROPERTY, BYTES_PER_RECORD, MARGIN, Long.MAX_VALUE);
      schema = FieldSchema.of(p);
      capacity = Integer.parseInt(p.getProperty("fieldlength", "100"));
      pool = SharedPool.acquire(file, size);
      heap = pool.heap;
    } catch (RuntimeException | LinkageError e) { // UnsatisfiedLinkError: no libpmemobj
      throw new DBException("cannot open the PMDK (LLPL) binding: " + e, e);
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> out) {
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.readLock();
    try {
      long h = pool.index.get(bytes(key));
      if (h == 0) return Status.NOT_FOUND;
      copy(heap.memoryBlockFromHandle(h), fields, out);
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
    // Keys first, iterator closed, then the reads: an open iterator holds the radix tree's shard
    // locks, and reading under them would invert the order an insert takes (stripe, then shard).
    List<String> keys = new ArrayList<>(count);
    try (AutoCloseableIterator<LongART.Entry> it =
        pool.index.getTailEntryIterator(bytes(startkey), true)) {
      while (keys.size() < count && it.hasNext()) {
        keys.add(new String(it.next().getKey(), StandardCharsets.UTF_8));
      }
    } catch (Exception e) {
      return Status.ERROR;
    }
    for (String key : keys) {
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
      long h = pool.index.get(bytes(key));
      if (h == 0) return Status.NOT_FOUND;
      TransactionalMemoryBlock b = heap.memoryBlockFromHandle(h);
      int cap = b.getInt(CAPACITY_OFFSET);
      heap.execute(
          () -> values.forEach((f, v) -> writeField(b, schema.index(f), cap, v.toArray())));
      return Status.OK;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    byte[][] fields = new byte[schema.count()][];
    values.forEach((name, v) -> fields[schema.index(name)] = v.toArray());
    byte[] k = bytes(key);
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.writeLock();
    try {
      heap.execute(
          () -> {
            long prior = pool.index.get(k);
            if (prior != 0) heap.memoryBlockFromHandle(prior).free();
            pool.index.put(k, newRecord(fields).handle());
          });
      return Status.OK;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  @Override
  public Status delete(String table, String key) {
    StampedLock lock = LOCKS.of(key);
    long stamp = lock.writeLock();
    try {
      long[] found = {0};
      heap.execute(
          () ->
              pool.index.remove(
                  bytes(key),
                  h -> {
                    found[0] = h;
                    heap.memoryBlockFromHandle(h).free();
                  }));
      return found[0] == 0 ? Status.NOT_FOUND : Status.OK;
    } finally {
      lock.unlockWrite(stamp);
    }
  }

  /**
   * Allocates and fills a record; called inside a transaction. The initializer writes the new block
   * without undo-logging it (libpmemobj's allocation makes it durable with the transaction).
   */
  private TransactionalMemoryBlock newRecord(byte[][] fields) {
    int cap = capacity;
    return heap.allocateMemoryBlock(
        PoolRecordLayout.size(fields.length, cap),
        r -> {
          r.setInt(FIELDS_OFFSET, fields.length);
          r.setInt(CAPACITY_OFFSET, cap);
          for (int i = 0; i < fields.length; i++) {
            long at = PoolRecordLayout.slot(i, cap);
            byte[] v = fields[i];
            r.setInt(at, v == null ? ABSENT : checkLength(v, cap));
            if (v != null) r.copyFromArray(v, 0, at + LEN_SIZE, v.length);
          }
        });
  }

  private static int checkLength(byte[] v, int cap) {
    if (v.length > cap) {
      throw new IllegalArgumentException(
          "field longer than the record's slots (fieldlength when created): length="
              + v.length
              + " capacity="
              + cap);
    }
    return v.length;
  }

  /** Rewrites field {@code i} in place: one undo-logged range of the enclosing transaction. */
  private static void writeField(TransactionalMemoryBlock b, int i, int cap, byte[] v) {
    long at = PoolRecordLayout.slot(i, cap);
    int len = checkLength(v, cap);
    b.withRange(
        at,
        LEN_SIZE + len,
        r -> {
          r.setInt(at, len);
          r.copyFromArray(v, 0, at + LEN_SIZE, len);
        });
  }

  private void copy(TransactionalMemoryBlock b, Set<String> fields, Map<String, ByteIterator> out) {
    int cap = b.getInt(CAPACITY_OFFSET);
    if (fields == null) {
      int n = b.getInt(FIELDS_OFFSET);
      for (int i = 0; i < n; i++) put(out, schema.name(i), b, PoolRecordLayout.slot(i, cap));
    } else {
      for (String f : fields) put(out, f, b, PoolRecordLayout.slot(schema.index(f), cap));
    }
  }

  private static void put(
      Map<String, ByteIterator> out, String name, TransactionalMemoryBlock b, long at) {
    int len = b.getInt(at);
    if (len == ABSENT) return;
    byte[] v = new byte[len];
    b.copyToArray(at + LEN_SIZE, v, 0, len);
    out.put(name, new ByteArrayByteIterator(v));
  }

  private static byte[] bytes(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }
}
