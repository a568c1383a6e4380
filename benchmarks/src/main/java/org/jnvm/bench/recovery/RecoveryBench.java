package org.jnvm.bench.recovery;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.RecoveryReport;

/**
 * The recovery benchmark: builds a heap of N 64-byte cells (see {@link Graph}), closes it, and
 * reopens it R times per recovery thread count, reporting live objects recovered per second.
 * Recovery is a single-shot cost, so this is a plain program rather than a JMH benchmark; the very
 * first reopen runs with a cold JIT, as a real restart does, and every run is reported. Each reopen
 * is followed by one with the mark and sweep in the background (its open, first read and end,
 * against the stop-the-world open just before it; log lines only). The heap file is deleted at the
 * end, also on failure.
 */
public final class RecoveryBench {
  private RecoveryBench() {}

  public static void main(String[] args) throws IOException {
    RecoveryArgs a;
    try {
      a = RecoveryArgs.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("recovery: " + e.getMessage() + "\n" + RecoveryArgs.USAGE);
      System.exit(64);
      return;
    }
    if (a.help()) {
      System.out.println(RecoveryArgs.USAGE);
      return;
    }
    Gateway.requireHardwareBackend();
    List<RecoveryRun> runs = run(a, line -> System.out.println("[recovery] " + line));
    if (a.out() != null) RecoveryTsv.append(a.out(), runs);
  }

  /** Measures every heap size of {@code a}; progress goes to {@code log}. */
  public static List<RecoveryRun> run(RecoveryArgs a, Consumer<String> log) {
    List<RecoveryRun> runs = new ArrayList<>();
    for (long cells : a.objects()) runs.addAll(measure(cells, a, log));
    return runs;
  }

  private static List<RecoveryRun> measure(long cells, RecoveryArgs a, Consumer<String> log) {
    Graph.Shape shape = Graph.shape(cells, a.chain());
    long size = Graph.heapBytes(shape);
    SpaceCheck.require(BenchHeap.dir(), size, cells);
    try (BenchHeap heap = BenchHeap.create("recovery-" + cells, size)) {
      long t0 = System.nanoTime();
      Graph.build(heap.heap(), shape);
      long built = System.nanoTime() - t0;
      log.accept(
          String.format(
              "built %,d cells (%,d objects, heap %,d MiB) in %.1f s: %s",
              cells, shape.objects(), size >> 20, built / 1e9, heap.path()));
      heap.closeHeap();
      return reopen(heap, shape, a, log);
    }
  }

  /** Reopens R times per thread count, interleaving thread counts so drift hits all alike. */
  private static List<RecoveryRun> reopen(
      BenchHeap heap, Graph.Shape shape, RecoveryArgs a, Consumer<String> log) {
    List<RecoveryRun> runs = new ArrayList<>();
    for (int r = 1; r <= a.repeats(); r++) {
      for (int threads : a.threads()) {
        long t0 = System.nanoTime();
        RecoveryReport rep =
            heap.reopen(HeapOptions.DEFAULT.withRecoveryThreads(threads)).recoveryReport();
        long open = System.nanoTime() - t0;
        heap.closeHeap();
        requireComplete(rep, shape);
        RecoveryRun run =
            new RecoveryRun(
                shape.cells(),
                threads,
                r,
                rep.liveObjects(),
                rep.totalNanos(),
                rep.markNanos(),
                rep.sweepNanos(),
                open);
        log.accept(
            run.describe()
                + String.format(
                    "; recovery's volatile state %.1f MiB", rep.volatileBytes() / 1048576.0));
        runs.add(run);
        log.accept(background(heap, shape, threads, open));
      }
    }
    return runs;
  }

  /**
   * The same reopen with the mark and sweep in the background, right after the stop-the-world one
   * ({@code stopTheWorld} nanoseconds): until the open returns, until a first read (the graph's
   * root and one of its references), and until the mark and sweep are done.
   */
  private static String background(
      BenchHeap heap, Graph.Shape shape, int threads, long stopTheWorld) {
    HeapOptions o = HeapOptions.DEFAULT.withRecoveryThreads(threads).withBackgroundRecovery(true);
    long t0 = System.nanoTime();
    Heap h = heap.reopen(o);
    long open = System.nanoTime() - t0;
    PObject root = h.roots().get(Graph.ROOT);
    long read = System.nanoTime() - t0;
    if (root == null) throw new IllegalStateException("no root " + Graph.ROOT + " in " + h.file());
    RecoveryReport rep = h.awaitRecovery();
    long done = System.nanoTime() - t0;
    heap.closeHeap();
    requireComplete(rep, shape);
    return String.format(
        "background, %d thread(s): open returned in %.1f ms (%.3f of the stop-the-world open's"
            + " %.1f ms), first read at %.1f ms, mark and sweep done at %.1f ms (%.1f + %.1f ms)",
        threads,
        open / 1e6,
        (double) open / stopTheWorld,
        stopTheWorld / 1e6,
        read / 1e6,
        done / 1e6,
        rep.markNanos() / 1e6,
        rep.sweepNanos() / 1e6);
  }

  /** A rate over fewer objects than were built would flatter recovery: refuse it. */
  private static void requireComplete(RecoveryReport rep, Graph.Shape shape) {
    if (rep.liveObjects() < shape.objects()) {
      throw new IllegalStateException(
          "recovery marked fewer objects than the benchmark built: live="
              + rep.liveObjects()
              + " built="
              + shape.objects()
              + " file="
              + rep.file());
    }
  }
}
