package org.jnvm.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Deletion of a directory tree (server homes laid out again, test clusters removed). */
final class Trees {
  private Trees() {}

  /** Deletes {@code dir} and everything under it; nothing if it does not exist. */
  static void delete(Path dir) throws IOException {
    if (!Files.exists(dir)) return;
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path p : s.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
    }
  }
}
