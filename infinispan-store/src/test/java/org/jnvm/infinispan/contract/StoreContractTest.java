package org.jnvm.infinispan.contract;

import java.nio.file.Path;
import org.infinispan.configuration.cache.Configuration;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.persistence.BaseNonBlockingStoreTest;
import org.infinispan.persistence.spi.NonBlockingStore;
import org.jnvm.infinispan.JnvmStore;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.TestPaths;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.testng.annotations.AfterClass;

/**
 * Infinispan's store contract ({@link BaseNonBlockingStoreTest}) against the J-NVM store, once per
 * mode. Each test method gets a new heap; stop/start tests reopen the same one.
 */
abstract class StoreContractTest extends BaseNonBlockingStoreTest {
  private final Path heap = TestPaths.heap(getClass().getSimpleName());

  abstract StoreMode mode();

  @Override
  protected NonBlockingStore<Object, Object> createStore() {
    TestPaths.delete(heap); // the previous method's store has stopped and closed it
    return new JnvmStore();
  }

  @Override
  protected Configuration buildConfig(ConfigurationBuilder cb) {
    cb.clustering().hash().numSegments(16);
    cb.persistence()
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(32 << 20)
        .mode(mode());
    return cb.build();
  }

  @AfterClass(alwaysRun = true)
  protected void deleteHeap() {
    TestPaths.delete(heap);
  }
}
