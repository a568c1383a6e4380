package org.jnvm.emulation.crash;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.core.pmem.PmemBackend;

/**
 * A crash test in a few lines: {@code (setup, workload, check)} over a fresh heap.
 *
 * <pre>{@code
 * CrashTest.named("roots put")
 *     .model(CrashModel.EVICTION)
 *     .workload(heap -> { heap.roots().put("a", new Node(heap, 1)); acked.set(1); })
 *     .check(heap -> { if (acked.get() == 1) assertTrue(heap.roots().exists("a")); })
 *     .run();
 * }</pre>
 *
 * The setup runs untracked and its result is taken as durable. The workload runs tracked: at every
 * crash point, images of what media may hold are each opened as a fresh heap (the real recovery
 * runs), then the check and the verifier run on it. The check runs synchronously at the crash
 * point, so counters the workload bumps after each operation returns tell it which operations were
 * acknowledged. Needs the JVM started with {@code -Djnvm.backend=crash-sim}.
 */
public final class CrashTest {
  private static final AtomicLong SEQ = new AtomicLong();

  private final String name;
  private long heapSize = 512 << 10;
  private HeapOptions options = HeapOptions.DEFAULT;
  private CrashConfig config = CrashConfig.standard(CrashModel.EVICTION);
  private CrashCheck setup = h -> {};
  private CrashCheck workload = h -> {};
  private CrashCheck check = h -> {};
  private CrashCheck reader;
  private boolean duringRecovery;

  private CrashTest(String name) {
    this.name = name;
  }

  public static CrashTest named(String name) {
    return new CrashTest(name);
  }

  public CrashTest heapSize(long bytes) {
    heapSize = bytes;
    return this;
  }

  /** How the heap is created and opened (a small growth step explores heap growth). */
  public CrashTest options(HeapOptions o) {
    options = o;
    return this;
  }

  /** The standard configuration (quick, or thorough under -Pcrash) of {@code model}. */
  public CrashTest model(CrashModel model) {
    config = CrashConfig.standard(model);
    return this;
  }

  public CrashTest config(CrashConfig c) {
    config = c;
    return this;
  }

  public CrashTest setup(CrashCheck s) {
    setup = s;
    return this;
  }

  public CrashTest workload(CrashCheck w) {
    workload = w;
    return this;
  }

  public CrashTest check(CrashCheck c) {
    check = c;
    return this;
  }

  /**
   * A reader concurrent with the workload: it runs on the workload's heap at every tracked store,
   * write-back and fence (so at every point between two persistent instructions of the workload),
   * and typically records what it saw with {@link Linearizable#read}; the checks then require every
   * later image to show what it saw or a later state (durable linearizability of reads: nothing a
   * reader saw is lost by a crash). It runs on the workload's thread, so it must use reads that
   * take no lock the workload may hold (the lock-free reads are the ones this is about) and must
   * not write persistent memory.
   */
  public CrashTest reader(CrashCheck r) {
    reader = r;
    return this;
  }

  /**
   * Makes the tracked workload the opening (recovery) of the heap left by the setup, so crashes
   * during recovery are explored; the workload given, if any, runs after recovery.
   */
  public CrashTest crashDuringRecovery() {
    duringRecovery = true;
    return this;
  }

  /** Runs the test; throws {@link CrashFailure} on the first failing image. */
  public CrashStats run() {
    CrashSimBackend backend = backend();
    Path heapPath = uniquePath("heap");
    Path imagePath = uniquePath("image");
    long t0 = System.nanoTime();
    Session session;
    try (ImageChecker checker = new ImageChecker(imagePath, check)) {
      session = new Session(name, config, checker);
      runTracked(backend, session, heapPath);
    } finally {
      deleteQuietly(heapPath);
    }
    CrashStats stats = session.stats(System.nanoTime() - t0);
    CrashTotals.add(stats, session.failure() != null);
    if (session.failure() != null) throw session.failure();
    System.out.println(stats);
    return stats;
  }

  /** Counts the stores, write-backs and fences of {@code action} on {@code heap}, no crashes. */
  public static CrashStats count(Heap heap, CrashCheck action) throws Exception {
    try (Tracking t = track(heap)) {
      action.accept(heap);
      return t.stats();
    }
  }

  /**
   * Tracks every store, write-back and fence to {@code heap} until closed, without exploring crash
   * images: what a tracked store costs, or how many fences an operation takes.
   */
  public static Tracking track(Heap heap) {
    CrashSimBackend backend = backend();
    Session s = new Session("track", CrashConfig.quick(CrashModel.EVICTION), null);
    backend.arm(s);
    s.track(heap.base(), heap.size());
    return new Tracking(backend, s);
  }

  /** An armed tracking session; {@link #close} disarms it. */
  public static final class Tracking implements AutoCloseable {
    private final CrashSimBackend backend;
    private final Session session;

    private Tracking(CrashSimBackend backend, Session session) {
      this.backend = backend;
      this.session = session;
    }

    public CrashStats stats() {
      return session.stats(0);
    }

    @Override
    public void close() {
      backend.disarm();
    }
  }

  private void runTracked(CrashSimBackend backend, Session session, Path heapPath) {
    Heap heap = Heap.create(heapPath, heapSize, options);
    try {
      setup.accept(heap);
      if (duringRecovery) {
        heap.close();
        session.armFile(heapPath);
      }
      backend.arm(session);
      try {
        if (duringRecovery) heap = Heap.open(heapPath, options);
        else session.track(heap.base(), heap.size());
        if (reader != null) session.reader(readerOn(heap));
        workload.accept(heap);
        session.finish();
      } finally {
        backend.disarm();
      }
    } catch (CrashFailure f) {
      throw f;
    } catch (Exception e) {
      if (session.failure() != null) throw session.failure();
      throw new AssertionError("crash test '" + name + "': workload failed: " + e, e);
    } finally {
      heap.close();
    }
  }

  private Runnable readerOn(Heap heap) {
    return () -> {
      try {
        reader.accept(heap);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException("crash test '" + name + "': reader failed: " + e, e);
      }
    };
  }

  private static CrashSimBackend backend() {
    PmemBackend b = Pmem.backend();
    if (!(b instanceof CrashSimBackend c)) {
      throw new IllegalStateException(
          "crash tests need the JVM started with -Djnvm.backend="
              + CrashSimProvider.NAME
              + " (gateway backend is "
              + b.name()
              + ")");
    }
    return c;
  }

  /**
   * A new file name for a heap or an image: in {@code -Djnvm.crash.dir} if set (the mutation
   * profile puts them under {@code target/}, since PIT kills a mutant's JVM on timeout before it
   * can delete them), else in /dev/shm, else in the temporary directory.
   */
  private static Path uniquePath(String what) {
    String configured = System.getProperty("jnvm.crash.dir");
    Path dir = Path.of(configured != null ? configured : "/dev/shm");
    if (configured != null) {
      try {
        Files.createDirectories(dir);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot create jnvm.crash.dir " + dir, e);
      }
    } else if (!Files.isDirectory(dir)) {
      dir = Path.of(System.getProperty("java.io.tmpdir"));
    }
    return dir.resolve(
        "jnvm-crash-" + ProcessHandle.current().pid() + "-" + SEQ.incrementAndGet() + "-" + what);
  }

  private static void deleteQuietly(Path p) {
    try {
      Files.deleteIfExists(p);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
