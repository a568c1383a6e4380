package org.jnvm.ycsb.infinispan;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.infinispan.configuration.cache.ConfigurationBuilder;
import org.jnvm.infinispan.StoreMode;

/**
 * The Infinispan backends on the class path, in the order of the comparison's columns: this
 * module's own, then those that other jars provide as {@link ServiceLoader} services of {@link
 * Backend} (the runner's {@code rocksdb}, whose native jar a binding user does not want).
 */
public final class Backends {
  private static final List<Backend> BUILT_IN =
      List.of(
          new VolatileBackend(),
          new JnvmBackend(StoreMode.JPDT, false),
          new JnvmBackend(StoreMode.JPFA, false),
          new JnvmBackend(StoreMode.JPDT, true),
          new JnvmBackend(StoreMode.JPFA, true),
          new FileStoreBackend(),
          new JnvmBytesBackend(false),
          new JnvmBytesBackend(true),
          new PreloadedFileStoreBackend());

  private static final List<Backend> ALL = discover();

  private Backends() {}

  /** {@link #BUILT_IN}, then each provided backend; two backends of one name are an error. */
  private static List<Backend> discover() {
    List<Backend> all = new ArrayList<>(BUILT_IN);
    for (Backend b : ServiceLoader.load(Backend.class, Backends.class.getClassLoader())) {
      for (Backend known : all) {
        if (known.name().equals(b.name())) {
          throw new IllegalStateException(
              "two Infinispan backends named "
                  + b.name()
                  + ": "
                  + known.getClass().getName()
                  + " and "
                  + b.getClass().getName());
        }
      }
      all.add(b);
    }
    return List.copyOf(all);
  }

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
            + ALL.stream().map(Backend::name).collect(Collectors.joining(","))
            + " (rocksdb comes with org.jnvm:ycsb-runner on the class path)");
  }

  /** Keeps at most {@code dirs.memoryCount()} entries in memory (when positive). */
  public static void boundMemory(ConfigurationBuilder cache, BenchDirs dirs) {
    if (dirs.memoryCount() > 0) cache.memory().maxCount(dirs.memoryCount());
  }
}
