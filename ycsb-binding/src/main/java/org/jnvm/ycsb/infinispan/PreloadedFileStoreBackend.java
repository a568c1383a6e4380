package org.jnvm.ycsb.infinispan;

import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.ycsb.ByteRecordCodec;
import org.jnvm.ycsb.RecordCodec;

/**
 * Volatile Infinispan made to survive restarts as its users do: every entry in memory, written
 * through to a SoftIndexFileStore that preloads the whole cache when it starts. Reads never reach
 * the store; a restart reads all of it before the cache serves.
 */
final class PreloadedFileStoreBackend implements Backend {
  @Override
  public String name() {
    return "volatile-sifs";
  }

  @Override
  public String label() {
    return "volatile, preloaded from SoftIndexFileStore";
  }

  @Override
  public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
    FileStoreBackend.addStore(cache, dirs).preload(true);
  }

  @Override
  public RecordCodec codec(Cache<?, ?> cache, Properties p) {
    return ByteRecordCodec.INSTANCE;
  }

  @Override
  public boolean supportsScan() {
    return false;
  }

  /** The restart benchmark's row: the comparison has volatile and sifs already. */
  @Override
  public boolean optional() {
    return true;
  }
}
