package org.jnvm.infinispan.contract;

import java.nio.file.Path;
import org.infinispan.configuration.cache.PersistenceConfigurationBuilder;
import org.infinispan.persistence.BaseStoreFunctionalTest;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.TestPaths;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.testng.annotations.AfterClass;

/**
 * Infinispan's functional store tests ({@link BaseStoreFunctionalTest}): caches with the store,
 * preload, eviction, iteration, expiry. Every cache of the class shares one heap, each under its
 * own root (the two-caches test checks that they do not see each other's entries).
 */
abstract class StoreFunctionalTest extends BaseStoreFunctionalTest {
  private final Path heap = TestPaths.heap(getClass().getSimpleName());

  abstract StoreMode mode();

  @Override
  protected PersistenceConfigurationBuilder createCacheStoreConfig(
      PersistenceConfigurationBuilder persistence, String cacheName, boolean preload) {
    persistence
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(64 << 20)
        .mode(mode())
        .preload(preload);
    return persistence;
  }

  @AfterClass(alwaysRun = true)
  protected void deleteHeap() {
    TestPaths.delete(heap);
  }
}
