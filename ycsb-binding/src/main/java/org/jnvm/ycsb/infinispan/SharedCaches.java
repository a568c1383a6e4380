package org.jnvm.ycsb.infinispan;

import java.util.HashMap;
import java.util.Map;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.manager.DefaultCacheManager;
import org.jnvm.ycsb.Dirs;

/**
 * One {@link DefaultCacheManager} per (backend, directory) in a JVM, shared by every client thread
 * of YCSB (each thread has its own {@code DB} instance) and closed when the last one releases it.
 * The historic YCSB binding started one manager per thread, which is not how Infinispan is used.
 */
final class SharedCaches {
  /** A started manager, its cache and how many bindings hold it. */
  static final class Shared {
    final String key;
    final DefaultCacheManager manager;
    final Cache<String, Object> cache;
    final BenchDirs dirs;
    final boolean deleteOnClose;
    final InfinispanDB.StartTimes started;
    int refs;

    Shared(
        String key,
        DefaultCacheManager m,
        Cache<String, Object> c,
        BenchDirs dirs,
        boolean delete,
        InfinispanDB.StartTimes started) {
      this.key = key;
      this.manager = m;
      this.cache = c;
      this.dirs = dirs;
      this.deleteOnClose = delete;
      this.started = started;
    }
  }

  private static final Map<String, Shared> OPEN = new HashMap<>();

  private SharedCaches() {}

  /** The shared cache {@code table} of {@code backend} in {@code dirs}, started on first use. */
  static synchronized Shared acquire(
      Backend backend, BenchDirs dirs, String table, boolean deleteOnClose) {
    String key = backend.name() + "|" + dirs.root().toAbsolutePath() + "|" + table;
    Shared s = OPEN.get(key);
    if (s == null) {
      s = start(key, backend, dirs, table, deleteOnClose);
      OPEN.put(key, s);
    }
    s.refs++;
    return s;
  }

  /** Drops one holder; the last one stops the manager (and deletes the files if asked). */
  static synchronized void release(Shared s) {
    if (--s.refs > 0) return;
    OPEN.remove(s.key);
    s.manager.stop();
    if (s.deleteOnClose) Dirs.deleteOwn(s.dirs.root(), s.dirs.own());
  }

  private static Shared start(
      String key, Backend backend, BenchDirs dirs, String table, boolean deleteOnClose) {
    Dirs.claim(dirs.root());
    GlobalConfigurationBuilder global = new GlobalConfigurationBuilder().nonClusteredDefault();
    global.globalState().enable().persistentLocation(dirs.root().toString());
    ConfigurationBuilder cache = new ConfigurationBuilder();
    cache.statistics().disable();
    backend.configure(cache, dirs);
    long t0 = System.nanoTime();
    DefaultCacheManager m = new DefaultCacheManager(global.build());
    long t1 = System.nanoTime();
    try {
      m.defineConfiguration(table, cache.build());
      Cache<String, Object> c = m.getCache(table);
      var started = new InfinispanDB.StartTimes(t1 - t0, System.nanoTime() - t1);
      return new Shared(key, m, c, dirs, deleteOnClose, started);
    } catch (RuntimeException e) {
      m.stop();
      throw e;
    }
  }
}
