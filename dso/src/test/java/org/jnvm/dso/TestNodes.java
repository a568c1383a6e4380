package org.jnvm.dso;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.jnvm.dso.server.LocalPorts;

/** Ports and directories for test nodes: unique per test, removed afterwards. */
public final class TestNodes {
  private TestNodes() {}

  /** A port p such that p and p + 1 are free (JGroups TCP and its failure detector). */
  public static int freePortPair() {
    return LocalPorts.freePair();
  }

  public static int freePort() {
    return LocalPorts.free();
  }

  /** A fresh directory in /dev/shm (or the temp dir where /dev/shm is missing). */
  public static Path freshDir(String what) {
    try {
      Path base =
          Files.isDirectory(Path.of("/dev/shm"))
              ? Path.of("/dev/shm")
              : Path.of(System.getProperty("java.io.tmpdir"));
      return Files.createTempDirectory(base, "jnvm-dso-" + what + "-");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static void deleteTree(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> s = Files.walk(dir)) {
      s.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
