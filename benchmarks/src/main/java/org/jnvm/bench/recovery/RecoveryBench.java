package org.jnvm.bench.recovery;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.RecoveryReport;

/**
 * The recovery benchmark: builds a heap of N 64-byte cells (see {@link Graph}), closes it, and
 * reopens it R times per recovery thread count, reporting live objects recovered per second.
 * Recovery is a single-shot cost, so this is a plain program rather than a JMH benchmark; the very
 * first reopen runs with a cold JIT, as a real restart does, and every run is reported. The heap
 * file is deleted at the end, also on failure.
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
      }
    }
    return runs;
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
