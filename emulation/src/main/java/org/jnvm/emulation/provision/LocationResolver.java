package org.jnvm.emulation.provision;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Decides which directory heaps go to, in this order (the first that is set wins):
 *
 * <ol>
 *   <li>the path the caller gave;
 *   <li>the system property {@value #PROPERTY};
 *   <li>the environment variable {@value #ENV};
 *   <li>{@code /dev/shm} (DRAM-backed tmpfs: emulated NVMM);
 *   <li>{@code java.io.tmpdir}, with a warning, where there is no {@code /dev/shm}.
 * </ol>
 *
 * Where the values come from is injected so that tests can give fake ones.
 */
final class LocationResolver {
  static final String PROPERTY = "jnvm.heap.dir";
  static final String ENV = "JNVM_HEAP_DIR";
  static final Path SHM = Path.of("/dev/shm");

  private final Function<String, String> properties;
  private final Function<String, String> environment;
  private final Path shm;
  private final Supplier<MountTable> mounts;
  private final Consumer<String> warnings;

  LocationResolver(
      Function<String, String> properties,
      Function<String, String> environment,
      Path shm,
      Supplier<MountTable> mounts,
      Consumer<String> warnings) {
    this.properties = properties;
    this.environment = environment;
    this.shm = shm;
    this.mounts = mounts;
    this.warnings = warnings;
  }

  /** The resolver of this process: real properties, environment, /dev/shm and /proc/mounts. */
  static LocationResolver system() {
    return new LocationResolver(
        System::getProperty, System::getenv, SHM, MountTable::read, System.err::println);
  }

  /** Resolves {@code explicit} (may be null) to a location; the directory must exist. */
  NvmmLocation resolve(Path explicit) {
    if (explicit != null) return locate(explicit, "explicit path");
    String p = properties.apply(PROPERTY);
    if (p != null && !p.isBlank()) return locate(Path.of(p.trim()), "system property " + PROPERTY);
    String e = environment.apply(ENV);
    if (e != null && !e.isBlank()) return locate(Path.of(e.trim()), "environment " + ENV);
    if (Files.isDirectory(shm)) return locate(shm, "default");
    Path tmp = Path.of(properties.apply("java.io.tmpdir"));
    warnings.accept(
        "[jnvm] WARNING: "
            + shm
            + " is absent: heaps go to java.io.tmpdir="
            + tmp
            + ", which may be disk-backed and much slower than NVMM");
    return locate(tmp, "java.io.tmpdir, " + shm + " is absent");
  }

  private NvmmLocation locate(Path dir, String source) {
    Path abs = dir.toAbsolutePath().normalize();
    if (!Files.exists(abs)) {
      throw new NvmmLocationException(
          "heap directory does not exist: dir=" + abs + " (from " + source + ")");
    }
    if (!Files.isDirectory(abs)) {
      throw new NvmmLocationException(
          "heap location is not a directory: dir=" + abs + " (from " + source + ")");
    }
    Path real = realPath(abs, source);
    return new NvmmLocation(abs, source, mounts.get().mountOf(real).orElse(null));
  }

  private static Path realPath(Path dir, String source) {
    try {
      return dir.toRealPath();
    } catch (java.io.IOException e) {
      throw new NvmmLocationException(
          "cannot resolve heap directory: " + e + " dir=" + dir + " (from " + source + ")", e);
    }
  }
}
