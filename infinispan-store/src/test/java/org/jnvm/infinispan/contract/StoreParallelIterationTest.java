package org.jnvm.infinispan.contract;

import java.nio.file.Path;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.persistence.ParallelIterationTest;
import org.jnvm.infinispan.StoreMode;
import org.jnvm.infinispan.TestPaths;
import org.jnvm.infinispan.configuration.JnvmStoreConfigurationBuilder;
import org.testng.annotations.AfterClass;

/** Infinispan's {@link ParallelIterationTest}: iteration from several threads, with metadata. */
abstract class StoreParallelIterationTest extends ParallelIterationTest {
  private final Path heap = TestPaths.heap(getClass().getSimpleName());

  abstract StoreMode mode();

  @Override
  protected void configurePersistence(ConfigurationBuilder cb) {
    cb.persistence()
        .addStore(JnvmStoreConfigurationBuilder.class)
        .path(heap.toString())
        .size(64 << 20)
        .mode(mode());
  }

  @AfterClass(alwaysRun = true)
  protected void deleteHeap() {
    TestPaths.delete(heap);
  }
}
