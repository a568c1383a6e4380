package org.jnvm.ycsb.rocksdb;

import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.persistence.rocksdb.configuration.RocksDBStoreConfigurationBuilder;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.RecordCodec;
import org.jnvm.ycsb.infinispan.Backend;
import org.jnvm.ycsb.infinispan.Backends;
import org.jnvm.ycsb.infinispan.BenchDirs;

/**
 * Infinispan's RocksDB store, write-through, data under the table's directory. It lives in the
 * runner, not in the binding, so that the binding's users do not get RocksDB's native jar; {@link
 * Backends} finds it through {@link java.util.ServiceLoader} when the runner is on the class path.
 */
public final class RocksDbBackend implements Backend {
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
