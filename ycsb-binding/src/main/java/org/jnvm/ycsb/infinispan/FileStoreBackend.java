package org.jnvm.ycsb.infinispan;

import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.persistence.sifs.configuration.SoftIndexFileStoreConfigurationBuilder;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.RecordCodec;

/**
 * Infinispan's default file store (SoftIndexFileStore), write-through, its data and index under the
 * table's directory (on /dev/shm in the comparison), with a bounded in-memory container.
 */
final class FileStoreBackend implements Backend {
  @Override
  public String name() {
    return "sifs";
  }

  @Override
  public String label() {
    return "SoftIndexFileStore";
  }

  @Override
  public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
    Backends.boundMemory(cache, dirs);
    addStore(cache, dirs);
  }

  /** A SoftIndexFileStore, no passivation, its data and index under {@code dirs}. */
  static SoftIndexFileStoreConfigurationBuilder addStore(
      ConfigurationBuilder cache, BenchDirs dirs) {
    return cache
        .persistence()
        .passivation(false)
        .addSoftIndexFileStore()
        .dataLocation(dirs.sub("sifs-data").toString())
        .indexLocation(dirs.sub("sifs-index").toString());
  }

  @Override
  public RecordCodec codec(Cache<?, ?> cache, Properties p) {
    return ByteRecordCodec.INSTANCE;
  }

  @Override
  public boolean supportsScan() {
    return false;
  }
}
