package org.jnvm.infinispan;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.TestHeaps;

/** Unique heap paths for store tests, in /dev/shm when it is there. */
public final class TestPaths {
  private static final AtomicInteger SEQ = new AtomicInteger();

  private TestPaths() {}

  /** A fresh path (no file there) named after {@code name}. */
  public static Path heap(String name) {
    return TestHeaps.dir()
        .resolve(
            "jnvm-ispn-test-"
                + ProcessHandle.current().pid()
                + "-"
                + SEQ.incrementAndGet()
                + "-"
                + name
                + ".heap");
  }

  public static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
