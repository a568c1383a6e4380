package org.jnvm.bench.recovery;

import java.util.List;

/**
 * One reopen of a benchmark heap.
 *
 * @param cells cells the heap was built with
 * @param run 1 for the first reopen with this thread count, and so on
 * @param liveObjects objects recovery marked (cells, arrays and the heap's own segments)
 * @param totalNanos recovery's own time, from its report
 * @param openNanos the whole {@code Heap.open}: lock, validation, mapping and recovery
 */
public record RecoveryRun(
    long cells,
    int threads,
    int run,
    long liveObjects,
    long totalNanos,
    long markNanos,
    long sweepNanos,
    long openNanos) {

  static final List<String> COLUMNS =
      List.of(
          "cells",
          "threads",
          "run",
          "live_objects",
          "total_ns",
          "mark_ns",
          "sweep_ns",
          "open_ns",
          "objects_per_s");

  /** Live objects recovered per second of recovery (the RecoveryReport's figure). */
  public double objectsPerSecond() {
    return totalNanos == 0 ? 0 : liveObjects * 1e9 / totalNanos;
  }

  String toTsv() {
    return String.join(
        "\t",
        Long.toString(cells),
        Integer.toString(threads),
        Integer.toString(run),
        Long.toString(liveObjects),
        Long.toString(totalNanos),
        Long.toString(markNanos),
        Long.toString(sweepNanos),
        Long.toString(openNanos),
        String.format("%.0f", objectsPerSecond()));
  }

  static RecoveryRun fromTsv(String line) {
    String[] f = line.split("\t");
    if (f.length < COLUMNS.size() - 1) {
      throw new IllegalArgumentException(
          "recovery TSV row has "
              + f.length
              + " columns, expected at least "
              + (COLUMNS.size() - 1)
              + ": "
              + line);
    }
    return new RecoveryRun(
        Long.parseLong(f[0]),
        Integer.parseInt(f[1]),
        Integer.parseInt(f[2]),
        Long.parseLong(f[3]),
        Long.parseLong(f[4]),
        Long.parseLong(f[5]),
        Long.parseLong(f[6]),
        Long.parseLong(f[7]));
  }

  /** One human line, e.g. for the progress output. */
  String describe() {
    return String.format(
        "%,d cells, %d thread(s), run %d: %,d live objects in %.1f ms (mark %.1f + sweep %.1f;"
            + " open %.1f ms) = %.2fM objects/s",
        cells,
        threads,
        run,
        liveObjects,
        totalNanos / 1e6,
        markNanos / 1e6,
        sweepNanos / 1e6,
        openNanos / 1e6,
        objectsPerSecond() / 1e6);
  }
}
