package org.jnvm.tpcb;

import jakarta.transaction.TransactionManager;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.infinispan.AdvancedCache;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.cache.StoreConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.transaction.LockingMode;
import org.infinispan.transaction.TransactionMode;
import org.infinispan.transaction.lookup.EmbeddedTransactionManagerLookup;
import org.infinispan.util.concurrent.IsolationLevel;
import org.jnvm.core.heap.RecoveryReport;
import org.jnvm.infinispan.JnvmHeaps;
import org.jnvm.infinispan.JnvmStore;
import org.jnvm.ycsb.infinispan.Backend;
import org.jnvm.ycsb.infinispan.BenchDirs;

/**
 * The bank's cache, as the SOSP'21 bank ran it: a LOCAL cache with pessimistic transactions
 * (Infinispan's embedded transaction manager), no memory bound, write-through to the backend's
 * store, preloading at start as {@link Preload} says. The store configuration is the YCSB
 * comparison's (one definition of each backend's fair configuration), with no memory bound.
 */
final class BankCache implements AutoCloseable {
  static final String CACHE = "bank";

  private final DefaultCacheManager manager;
  private final AdvancedCache<String, Object> cache;
  private final long recoveryNanos;

  private BankCache(DefaultCacheManager m, AdvancedCache<String, Object> c, long recoveryNanos) {
    this.manager = m;
    this.cache = c;
    this.recoveryNanos = recoveryNanos;
  }

  /** Starts the cache of {@code backend} with its files under {@code dir} (created if missing). */
  static BankCache start(Backend backend, Path dir, long heapBytes, Preload preload) {
    createDirectories(dir);
    GlobalConfigurationBuilder global = new GlobalConfigurationBuilder().nonClusteredDefault();
    global.globalState().enable().persistentLocation(dir.toString());
    Configuration cache = configuration(backend, dir, heapBytes, preload).build();
    JnvmHeaps.openAhead(cache); // recovery runs beside the cache manager's start
    DefaultCacheManager m = new DefaultCacheManager(global.build());
    try {
      m.defineConfiguration(CACHE, cache);
      AdvancedCache<String, Object> c = m.<String, Object>getCache(CACHE).getAdvancedCache();
      return new BankCache(m, c, recoveryNanos(c));
    } catch (RuntimeException e) {
      m.stop();
      throw e;
    }
  }

  private static ConfigurationBuilder configuration(
      Backend backend, Path dir, long heapBytes, Preload preload) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.statistics().disable();
    backend.configure(b, new BenchDirs(dir, 0, heapBytes));
    for (StoreConfigurationBuilder<?, ?> s : b.persistence().stores())
      s.preload(preload.preloads(s));
    b.transaction()
        .transactionMode(TransactionMode.TRANSACTIONAL)
        .lockingMode(LockingMode.PESSIMISTIC)
        .transactionManagerLookup(new EmbeddedTransactionManagerLookup());
    b.locking()
        .isolationLevel(IsolationLevel.REPEATABLE_READ)
        .lockAcquisitionTimeout(10, TimeUnit.SECONDS);
    return b;
  }

  /** The J-NVM store's heap recovery time; -1 for a cache without a J-NVM store. */
  private static long recoveryNanos(AdvancedCache<String, Object> c) {
    try {
      RecoveryReport r = JnvmStore.heap(c).recoveryReport();
      return r == null ? 0 : r.totalNanos();
    } catch (IllegalStateException noJnvmStore) {
      return -1;
    }
  }

  private static void createDirectories(Path dir) {
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the bank directory: dir=" + dir, e);
    }
  }

  AdvancedCache<String, Object> cache() {
    return cache;
  }

  TransactionManager transactions() {
    return cache.getTransactionManager();
  }

  /** Heap recovery time of the J-NVM store at this start, or -1 without one. */
  long recoveryNanos() {
    return recoveryNanos;
  }

  @Override
  public void close() {
    manager.stop();
  }
}
