package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The points of {@code bin/jnvm bench --scale} ({@code scale.tsv}), one line per (target,
 * collector, data-set size, workload):
 *
 * <pre>
 * target gc xmx_mb records workload seconds ops throughput p99_us pause_ms pauses longest_pause_ms
 *   live_heap_mb entries rss_mb shm_mb load_seconds cycle_ms
 * </pre>
 *
 * {@code p99_us} is the slowest operation's 99th percentile (an update, a read-modify-write);
 * {@code live_heap_mb} the heap after a full GC once the size was loaded; {@code rss_mb} and {@code
 * shm_mb} the resident memory and its part mapped from /dev/shm after the workload; {@code
 * load_seconds} the time to load the records this size added; {@code cycle_ms} the wall time of
 * concurrent collection cycles (ZGC, Shenandoah; 0 for the others).
 */
final class ScaleFile {
  static final String HEADER =
      "target\tgc\txmx_mb\trecords\tworkload\tseconds\tops\tthroughput\tp99_us\tpause_ms\tpauses"
          + "\tlongest_pause_ms\tlive_heap_mb\tentries\trss_mb\tshm_mb\tload_seconds\tcycle_ms";

  /** One point. */
  record Point(
      String target,
      String gc,
      long xmxMb,
      long records,
      String workload,
      double seconds,
      long ops,
      double throughput,
      double p99Us,
      long pauseMs,
      long pauses,
      long longestPauseMs,
      long liveHeapMb,
      long entries,
      long rssMb,
      long shmMb,
      double loadSeconds,
      long cycleMs) {

    /** Pause time in % of the workload's run. */
    double pausePercent() {
      return seconds > 0 ? pauseMs / (seconds * 10) : 0;
    }

    /** Concurrent collection cycles' wall time in % of the workload's run. */
    double cyclePercent() {
      return seconds > 0 ? cycleMs / (seconds * 10) : 0;
    }

    /** The record data of this size in GB (10 fields x 100 B a record). */
    double dataGb() {
      return records * ScalePlan.RECORD_BYTES / 1e9;
    }

    /** The series this point belongs to: the target, and its collector when several run. */
    String series(boolean severalGcs) {
      return severalGcs ? target + " (" + gc + ")" : target;
    }
  }

  private ScaleFile() {}

  static synchronized void append(Path file, Point p) {
    String line =
        String.format(
            Locale.ROOT,
            "%s\t%s\t%d\t%d\t%s\t%.3f\t%d\t%.1f\t%.1f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%.3f\t%d",
            p.target(),
            p.gc(),
            p.xmxMb(),
            p.records(),
            p.workload(),
            p.seconds(),
            p.ops(),
            p.throughput(),
            p.p99Us(),
            p.pauseMs(),
            p.pauses(),
            p.longestPauseMs(),
            p.liveHeapMb(),
            p.entries(),
            p.rssMb(),
            p.shmMb(),
            p.loadSeconds(),
            p.cycleMs());
    Tsv.append(file, HEADER, List.of(line));
  }

  static List<Point> read(Path file) {
    return Tsv.read(
        file,
        f ->
            new Point(
                f[0],
                f[1],
                Long.parseLong(f[2]),
                Long.parseLong(f[3]),
                f[4],
                Double.parseDouble(f[5]),
                Long.parseLong(f[6]),
                Double.parseDouble(f[7]),
                Double.parseDouble(f[8]),
                Long.parseLong(f[9]),
                Long.parseLong(f[10]),
                Long.parseLong(f[11]),
                Long.parseLong(f[12]),
                Long.parseLong(f[13]),
                Long.parseLong(f[14]),
                Long.parseLong(f[15]),
                Double.parseDouble(f[16]),
                Long.parseLong(f[17])));
  }
}
