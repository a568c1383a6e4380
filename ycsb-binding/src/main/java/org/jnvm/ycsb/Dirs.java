package org.jnvm.ycsb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Properties;
import java.util.stream.Stream;

/** Where the bindings keep their files, from YCSB properties. */
public final class Dirs {
  /** The directory of a table's files. */
  public static final String DIR_PROPERTY = "jnvm.dir";

  /** {@code true}: delete the table's files when the last client of the JVM closes. */
  public static final String DELETE_PROPERTY = "jnvm.delete";

  private Dirs() {}

  /** {@value #DIR_PROPERTY}, else {@code jnvm-ycsb-NAME} in {@link #emulatedNvmm()}. */
  public static Path tableDir(Properties p, String name) {
    String d = p.getProperty(DIR_PROPERTY);
    if (d != null && !d.isBlank()) return Path.of(d);
    return emulatedNvmm().resolve("jnvm-ycsb-" + name);
  }

  /** Where emulated NVMM lives: /dev/shm when writable, else the temporary directory. */
  public static Path emulatedNvmm() {
    Path shm = Path.of("/dev/shm");
    return Files.isDirectory(shm) && Files.isWritable(shm)
        ? shm
        : Path.of(System.getProperty("java.io.tmpdir"));
  }

  public static boolean delete(Properties p) {
    return Boolean.parseBoolean(p.getProperty(DELETE_PROPERTY, "false"));
  }

  /** Deletes {@code dir} and everything under it, if it exists. */
  public static void deleteTree(Path dir) {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the table directory: dir=" + dir, e);
    }
  }
}
