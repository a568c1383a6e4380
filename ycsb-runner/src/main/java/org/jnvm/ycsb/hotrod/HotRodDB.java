package org.jnvm.ycsb.hotrod;

import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.Vector;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;
import org.jnvm.ycsb.ByteRecordCodec;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.Status;

/**
 * YCSB binding for an Infinispan Server cache over Hot Rod, records marshalled as a Hot Rod user
 * would: a {@code String} key and a {@code byte[]} value (the record's fields, {@link
 * ByteRecordCodec}), both through the client's default ProtoStream marshaller. The client routes
 * each key to its primary owner. An update reads the record, merges the fields and writes it back
 * (two round trips, as YCSB's other key-value bindings). No scans.
 *
 * <p>Properties: {@value #SERVERS_PROPERTY} ({@code host:port;host:port}, or the system property
 * {@value #SERVERS_SYSTEM_PROPERTY}), {@value #CACHE_PROPERTY} (default {@code jnvm}).
 */
public final class HotRodDB extends DB {
  public static final String SERVERS_PROPERTY = "hotrod.servers";
  public static final String SERVERS_SYSTEM_PROPERTY = "jnvm.bench.hotrod.servers";
  public static final String CACHE_PROPERTY = "hotrod.cache";

  /** One client (its connection pools) for every thread of the JVM, closed with the last. */
  private static RemoteCacheManager shared;

  private static int users;

  private RemoteCache<String, byte[]> cache;

  @Override
  public void init() throws DBException {
    Properties p = getProperties();
    String servers =
        p.getProperty(SERVERS_PROPERTY, System.getProperty(SERVERS_SYSTEM_PROPERTY, ""));
    if (servers.isBlank()) {
      throw new DBException(
          "no Hot Rod servers: set " + SERVERS_PROPERTY + " (host:port;host:port)");
    }
    String name = p.getProperty(CACHE_PROPERTY, "jnvm");
    cache = acquire(servers).getCache(name);
    if (cache == null) {
      release();
      throw new DBException("the servers " + servers + " have no cache named '" + name + "'");
    }
  }

  private static synchronized RemoteCacheManager acquire(String servers) {
    if (shared == null) {
      ConfigurationBuilder b = new ConfigurationBuilder();
      b.addServers(servers).connectionTimeout(10_000).socketTimeout(30_000);
      shared = new RemoteCacheManager(b.build());
    }
    users++;
    return shared;
  }

  private static synchronized void release() {
    if (--users == 0) {
      shared.close();
      shared = null;
    }
  }

  @Override
  public void cleanup() {
    if (cache != null) {
      cache = null;
      release();
    }
  }

  @Override
  public Status read(String table, String key, Set<String> fields, Map<String, ByteIterator> out) {
    byte[] v = cache.get(key);
    if (v == null) return Status.NOT_FOUND;
    ByteRecordCodec.INSTANCE.decode(v, fields, out);
    return Status.OK;
  }

  @Override
  public Status update(String table, String key, Map<String, ByteIterator> values) {
    byte[] v = cache.get(key);
    if (v == null) return Status.NOT_FOUND;
    cache.put(key, (byte[]) ByteRecordCodec.INSTANCE.merge(v, values));
    return Status.OK;
  }

  @Override
  public Status insert(String table, String key, Map<String, ByteIterator> values) {
    cache.put(key, (byte[]) ByteRecordCodec.INSTANCE.encode(values));
    return Status.OK;
  }

  @Override
  public Status delete(String table, String key) {
    cache.remove(key);
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
}
