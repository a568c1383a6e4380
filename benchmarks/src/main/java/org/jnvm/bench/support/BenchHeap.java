package org.jnvm.bench.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;

/**
 * A benchmark's heap file under a unique name, deleted on {@link #close} and, should the JVM exit
 * without closing it (a failed setup, Ctrl-C), by a shutdown hook: a benchmark never leaves a file
 * in /dev/shm behind, short of SIGKILL.
 *
 * <p>Files are named {@code jnvm-bench-TAG-PID-SEQ-NAME}; {@code bench.sh} sets {@code
 * JNVM_BENCH_TAG} per run so that it can sweep what a killed JVM left.
 */
public final class BenchHeap implements AutoCloseable {
  /** Overrides the directory of heap files (default: /dev/shm when writable). */
  public static final String DIR_PROPERTY = "jnvm.bench.dir";

  private static final AtomicInteger SEQ = new AtomicInteger();

  private final Path path;
  private final Thread hook;
  private Heap heap;

  private BenchHeap(Path path) {
    this.path = path;
    this.hook = new Thread(() -> deleteQuietly(path), "jnvm-bench-cleanup");
    Runtime.getRuntime().addShutdownHook(hook);
  }

  /** Creates a fresh heap of {@code size} bytes named after {@code name}. */
  public static BenchHeap create(String name, long size) {
    BenchHeap b = new BenchHeap(uniquePath(name));
    try {
      b.heap = Heap.create(b.path, size);
      return b;
    } catch (RuntimeException e) {
      b.close();
      throw e;
    }
  }

  /** A path for a file of this benchmark run that does not exist yet; not tracked. */
  public static Path uniquePath(String name) {
    String tag = System.getenv().getOrDefault("JNVM_BENCH_TAG", "run");
    long pid = ProcessHandle.current().pid();
    return dir()
        .resolve("jnvm-bench-" + tag + "-" + pid + "-" + SEQ.incrementAndGet() + "-" + name);
  }

  /** Where heap files go: {@value #DIR_PROPERTY}, else /dev/shm, else the temporary directory. */
  public static Path dir() {
    String p = System.getProperty(DIR_PROPERTY);
    if (p != null && !p.isBlank()) return Path.of(p);
    Path shm = Path.of("/dev/shm");
    return Files.isDirectory(shm) && Files.isWritable(shm)
        ? shm
        : Path.of(System.getProperty("java.io.tmpdir"));
  }

  /** The open heap; null after {@link #closeHeap}. */
  public Heap heap() {
    return heap;
  }

  /** Closes the heap, keeping its file (to reopen it). */
  public void closeHeap() {
    if (heap != null) heap.close();
    heap = null;
  }

  /** Closes the heap if open, then opens the file again: recovery runs with {@code options}. */
  public Heap reopen(HeapOptions options) {
    closeHeap();
    heap = Heap.open(path, options);
    return heap;
  }

  public Path path() {
    return path;
  }

  /** Closes the heap (if open) and deletes its file. Idempotent. */
  @Override
  public void close() {
    try {
      closeHeap();
    } finally {
      delete(path);
      removeHook();
    }
  }

  private void removeHook() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException shuttingDown) {
      // the hook is running or about to: it deletes the same file, which is gone already
    }
  }

  static void delete(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot delete benchmark heap: file=" + p, e);
    }
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException ignored) {
      // the JVM is exiting: nothing better to do than leave the message to bench.sh's sweep
    }
  }
}
