package org.jnvm.core.heap;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

/** Unique heap paths in /dev/shm, deleted (with their heaps closed) at the end of a test. */
public final class TestHeaps implements AutoCloseable {
  private static final AtomicInteger SEQ = new AtomicInteger();
  private final List<Path> paths = new ArrayList<>();
  private final List<Heap> heaps = new ArrayList<>();

  public static Path dir() {
    Path shm = Path.of("/dev/shm");
    return Files.isDirectory(shm) && Files.isWritable(shm)
        ? shm
        : Path.of(System.getProperty("java.io.tmpdir"));
  }

  public Path path(String name) {
    Path p =
        dir()
            .resolve(
                "jnvm-test-"
                    + ProcessHandle.current().pid()
                    + "-"
                    + SEQ.incrementAndGet()
                    + "-"
                    + name);
    paths.add(p);
    return p;
  }

  /** Deletes {@code p} at the end too (a path chosen elsewhere). */
  public Path track(Path p) {
    paths.add(p);
    return p;
  }

  public Heap create(String name, long size) {
    return track(Heap.create(path(name), size));
  }

  public Heap track(Heap h) {
    heaps.add(h);
    return h;
  }

  @Override
  public void close() throws IOException {
    for (Heap h : heaps) h.close();
    for (Path p : paths) Files.deleteIfExists(p);
  }
}
