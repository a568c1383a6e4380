package org.jnvm.ycsb.map;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.Vector;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.HoldsEntries;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * YCSB on a {@link ConcurrentHashMap} of the compact {@code byte[]} records ({@link
 * ByteRecordCodec}), no Infinispan and no persistence: the ceiling the J-PDT map (and the SOSP'21
 * PDT figure) compares against, every record on the Java heap.
 *
 * <p>Every client thread of a JVM shares the table's map; the last {@link #cleanup} drops it.
 * Updates are atomic read-modify-writes ({@code computeIfPresent}), as in the Infinispan rows;
 * records are immutable, so reads take no lock.
 */
public final class VolatileMapDB extends DB implements HoldsEntries {
  private static final Map<String, Shared> OPEN = new HashMap<>();

  /** A table's map and how many bindings hold it. */
  private static final class Shared {
    final ConcurrentHashMap<String, byte[]> map = new ConcurrentHashMap<>();
    int refs;
  }

  private final ByteRecordCodec codec = ByteRecordCodec.INSTANCE;
  private String table;
  private Shared shared;

  @Override
  public void init() {
    table = getProperties().getProperty("table", "usertable");
    synchronized (OPEN) {
      shared = OPEN.computeIfAbsent(table, t -> new Shared());
      shared.refs++;
    }
  }

  @Override
  public void cleanup() {
    if (shared == null) return;
    synchronized (OPEN) {
      if (--shared.refs == 0) OPEN.remove(table);
    }
    shared = null;
  }

  @Override
  public long entriesInMemory() {
    return shared.map.size();
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> out) {
    byte[] r = shared.map.get(key);
    if (r == null) return Status.NOT_FOUND;
    codec.decode(r, fields, out);
    return Status.OK;
  }

  @Override
  public Status scan(
      String table,
      String startkey,
      int recordcount,
      Set<String> fields,
      Vector<HashMap<String, ByteIterator>> result) {
    return Status.NOT_IMPLEMENTED;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    byte[] v = shared.map.computeIfPresent(key, (k, old) -> (byte[]) codec.merge(old, values));
    return v == null ? Status.NOT_FOUND : Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    shared.map.put(key, (byte[]) codec.encode(values));
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    return shared.map.remove(key) == null ? Status.NOT_FOUND : Status.OK;
  }
}
