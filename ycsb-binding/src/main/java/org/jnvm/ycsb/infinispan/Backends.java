package org.jnvm.ycsb.infinispan;

import java.util.List;
import java.util.stream.Collectors;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.infinispan.StoreMode;

/** The Infinispan backends this build has, in the order of the comparison's columns. */
public final class Backends {
  private static final List<Backend> ALL =
      List.of(
          new VolatileBackend(),
          new JnvmBackend(StoreMode.JPDT, false),
          new JnvmBackend(StoreMode.JPFA, false),
          new JnvmBackend(StoreMode.JPDT, true),
          new JnvmBackend(StoreMode.JPFA, true),
          new FileStoreBackend(),
          new RocksDbBackend(),
          new JnvmBytesBackend(false),
          new JnvmBytesBackend(true),
          new PreloadedFileStoreBackend());

  private Backends() {}

  public static List<Backend> all() {
    return ALL;
  }

  /**
   * The backend named {@code name}.
   *
   * @throws IllegalArgumentException naming the known backends if there is none
   */
  public static Backend byName(String name) {
    for (Backend b : ALL) {
      if (b.name().equals(name)) return b;
    }
    throw new IllegalArgumentException(
        "unknown Infinispan backend: name="
            + name
            + " known="
            + ALL.stream().map(Backend::name).collect(Collectors.joining(",")));
  }

  /** Keeps at most {@code dirs.memoryCount()} entries in memory (when positive). */
  static void boundMemory(ConfigurationBuilder cache, BenchDirs dirs) {
    if (dirs.memoryCount() > 0) cache.memory().maxCount(dirs.memoryCount());
  }
}
