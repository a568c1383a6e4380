package org.jnvm.ycsb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
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

  /** The file that marks a table directory as created by a binding (so deletable whole). */
  public static final String MARKER = ".jnvm-ycsb-table";

  /**
   * Creates {@code dir} if missing and marks it as the binding's own if it was missing or empty; a
   * directory that already held other files (a user's data folder) is left unmarked.
   */
  public static void claim(Path dir) {
    try {
      boolean fresh = !Files.exists(dir) || isEmpty(dir);
      Files.createDirectories(dir);
      if (fresh && !Files.exists(dir.resolve(MARKER))) Files.createFile(dir.resolve(MARKER));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create the table directory: dir=" + dir, e);
    }
  }

  /**
   * What {@value #DELETE_PROPERTY} deletes: the whole directory if a binding created it (marked by
   * {@link #claim}), else only {@code own}, the paths the binding's stores were given, so that a
   * directory holding other files keeps them.
   */
  public static void deleteOwn(Path dir, List<Path> own) {
    if (Files.exists(dir.resolve(MARKER))) {
      deleteTree(dir);
      return;
    }
    for (Path p : own) deleteTree(p);
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  /**
   * True in YCSB's run phase: the client sets {@code dotransactions=true} for {@code -t} (false for
   * {@code -load}). A binding then reads what a load left and creates nothing.
   */
  public static boolean runPhase(Properties p) {
    return "true".equals(p.getProperty("dotransactions"));
  }

  /**
   * Refuses the run phase on a table file that does not exist: the client would otherwise create an
   * empty one and report every read NOT_FOUND.
   */
  public static void requireLoaded(Properties p, Path file) {
    if (runPhase(p) && !Files.exists(file)) {
      throw new IllegalStateException(
          "no table at "
              + file
              + ": the run phase (-t) reads what a load phase (-load) left there; run -load first,"
              + " with the same "
              + DIR_PROPERTY
              + "="
              + p.getProperty(DIR_PROPERTY, "(default)"));
    }
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
