package org.jnvm.crucial.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.jnvm.dso.server.LocalPorts;

/** Free loopback ports and scratch directories in /dev/shm, for nodes started here. */
public final class Ports {
  private Ports() {}

  /** A free port for a node: {@link LocalPorts#free}. */
  public static int free() {
    return LocalPorts.free();
  }

  /** A port p with p + 1 free too (JGroups' TCP port and its failure detector's). */
  public static int freePair() {
    return LocalPorts.freePair();
  }

  /** A new directory under /dev/shm (the temp directory where there is none). */
  public static Path scratchDir(String prefix) {
    Path base = scratchBase();
    try {
      return Files.createTempDirectory(base, prefix);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot create a directory under " + base, e);
    }
  }

  /** Where {@link #scratchDir} creates directories: /dev/shm, else the temporary directory. */
  static Path scratchBase() {
    return Files.isDirectory(Path.of("/dev/shm"))
        ? Path.of("/dev/shm")
        : Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** Deletes a directory tree; nothing when it is absent. */
  public static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete " + dir, e);
    }
  }
}
