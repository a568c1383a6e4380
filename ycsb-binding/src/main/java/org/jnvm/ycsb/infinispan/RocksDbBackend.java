package org.jnvm.ycsb.infinispan;

import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.persistence.rocksdb.configuration.RocksDBStoreConfigurationBuilder;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.RecordCodec;

/** Infinispan's RocksDB store, write-through, data under the table's directory. */
final class RocksDbBackend implements Backend {
  @Override
  public String name() {
    return "rocksdb";
  }

  @Override
  public String label() {
    return "RocksDB store";
  }

  @Override
  public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
    Backends.boundMemory(cache, dirs);
    cache
        .persistence()
        .passivation(false)
        .addStore(RocksDBStoreConfigurationBuilder.class)
        .location(dirs.sub("rocksdb-data").toString())
        .expiredLocation(dirs.sub("rocksdb-expired").toString());
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
