package org.jnvm.ycsb.infinispan;

import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.RecordCodec;

/** No store: every record stays in the cache's memory, in the same byte[] representation. */
final class VolatileBackend implements Backend {
  @Override
  public String name() {
    return "volatile";
  }

  @Override
  public String label() {
    return "volatile (no store)";
  }

  @Override
  public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
    // Everything in memory: no eviction, no store.
  }

  @Override
  public RecordCodec codec(Cache<?, ?> cache, Properties p) {
    return ByteRecordCodec.INSTANCE;
  }

  @Override
  public boolean supportsScan() {
    return false;
  }

  @Override
  public boolean persists() {
    return false;
  }
}
