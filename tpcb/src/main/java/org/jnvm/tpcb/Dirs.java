package org.jnvm.tpcb;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deleting the bank's files. */
final class Dirs {
  private Dirs() {}

  /** Deletes {@code dir} and everything under it, if it exists. */
  static void delete(Path dir) {
    if (!Files.exists(dir)) return;
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete the bank's files: dir=" + dir, e);
    }
  }
}
