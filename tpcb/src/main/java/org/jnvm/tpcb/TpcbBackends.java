package org.jnvm.tpcb;

import java.nio.file.Path;
import java.util.Properties;
import org.infinispan.Cache;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.infinispan.configuration.cache.CustomStoreConfigurationBuilder;
import org.jnvm.ycsb.RecordCodec;
import org.jnvm.ycsb.infinispan.Backend;
import org.jnvm.ycsb.infinispan.Backends;
import org.jnvm.ycsb.infinispan.BenchDirs;

/**
 * The bank's backends: the YCSB comparison's (volatile, jpdt, jpfa, sifs, rocksdb, ...) and {@code
 * null}, Infinispan's write-through path with a store that keeps nothing ({@link NullStore}).
 */
final class TpcbBackends {
  static final String NULL = "null";

  private TpcbBackends() {}

  static Backend byName(String name) {
    return name.equals(NULL) ? NullBackend.INSTANCE : Backends.byName(name);
  }

  /** True if {@code backend}'s data survives a restart. */
  static boolean persistent(String backend) {
    return !backend.equals(NULL) && !stores(backend).persistence().stores().isEmpty();
  }

  /** True if {@code backend}'s stores preload under {@code p}. */
  static boolean preloads(String backend, Preload p) {
    return stores(backend).persistence().stores().stream().anyMatch(p::preloads);
  }

  private static ConfigurationBuilder stores(String backend) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    byName(backend).configure(b, new BenchDirs(Path.of("unused"), 0, 1 << 20));
    return b;
  }

  private static final class NullBackend implements Backend {
    static final NullBackend INSTANCE = new NullBackend();

    @Override
    public String name() {
      return NULL;
    }

    @Override
    public String label() {
      return "a store that keeps nothing (Infinispan's write-through plumbing)";
    }

    @Override
    public void configure(ConfigurationBuilder cache, BenchDirs dirs) {
      cache
          .persistence()
          .addStore(CustomStoreConfigurationBuilder.class)
          .customStoreClass(NullStore.class);
    }

    @Override
    public RecordCodec codec(Cache<?, ?> cache, Properties p) {
      throw new UnsupportedOperationException("the null backend is for the TPC-B bank only");
    }

    @Override
    public boolean supportsScan() {
      return false;
    }
  }
}
