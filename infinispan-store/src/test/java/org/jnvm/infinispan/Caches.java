package org.jnvm.infinispan;

import java.nio.file.Path;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.global.GlobalConfigurationBuilder;
import org.infinispan.factories.ComponentRegistry;
import org.infinispan.manager.DefaultCacheManager;
import org.infinispan.manager.EmbeddedCacheManager;
import org.infinispan.persistence.manager.PersistenceManager;
import org.infinispan.transaction.LockingMode;
import org.infinispan.transaction.TransactionMode;
import org.infinispan.transaction.lookup.EmbeddedTransactionManagerLookup;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;

/** Embedded cache managers for the tests: one local cache named {@value #NAME}. */
public final class Caches {
  public static final String NAME = "data";

  private Caches() {}

  /**
   * A local cache with the J-NVM store at {@code heap}, write-through, keeping at most {@code
   * inMemory} entries in memory ({@code <= 0}: no limit), optionally preloading.
   */
  public static Configuration config(Path heap, StoreMode mode, long inMemory, boolean preload) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    if (inMemory > 0) b.memory().maxCount(inMemory);
    b.persistence()
        .passivation(false)
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(128 << 20)
        .mode(mode)
        .preload(preload);
    return b.build();
  }

  /** A configuration of a transactional cache with {@code locking} and the embedded manager. */
  public static ConfigurationBuilder transactional(LockingMode locking) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.transaction()
        .transactionMode(TransactionMode.TRANSACTIONAL)
        .lockingMode(locking)
        .transactionManagerLookup(new EmbeddedTransactionManagerLookup());
    return b;
  }

  /** The J-NVM store of {@code c}. */
  public static JnvmStore store(Cache<?, ?> c) {
    return ComponentRegistry.of(c)
        .getComponent(PersistenceManager.class)
        .getStores(JnvmStore.class)
        .iterator()
        .next();
  }

  /** A started manager with {@code config} defined as {@value #NAME}. */
  public static EmbeddedCacheManager manager(Configuration config) {
    GlobalConfigurationBuilder g = new GlobalConfigurationBuilder().nonClusteredDefault();
    g.cacheContainer().statistics(false);
    EmbeddedCacheManager cm = new DefaultCacheManager(g.build());
    cm.defineConfiguration(NAME, config);
    return cm;
  }
}
