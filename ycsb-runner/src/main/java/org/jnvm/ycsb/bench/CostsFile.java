package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The Java heap and GC cost of each phase of a run ({@code costs.tsv} beside {@code results.tsv}),
 * one line per (target, threads, phase):
 *
 * <pre>
 * target threads workload seconds pause_ms pauses longest_pause_ms live_heap_mb entries rss_mb shm_mb
 *   minor_faults
 * </pre>
 *
 * {@code live_heap_mb} (the heap after a full collection) is measured after the load only (-1
 * elsewhere); {@code entries} is what the binding's in-memory container holds at the end of the
 * phase (-1: no container); {@code rss_mb} and {@code shm_mb} the process's resident memory and its
 * part mapped from shared memory (a J-NVM heap in /dev/shm) at the end of the phase; {@code
 * minor_faults} the pages the process touched during the phase for the first time ({@link
 * JvmCosts.Phase#minorFaults}; -1 unknown, and in files written before the column existed).
 */
final class CostsFile {
  static final String HEADER =
      "target\tthreads\tworkload\tseconds\tpause_ms\tpauses\tlongest_pause_ms\tlive_heap_mb"
          + "\tentries\trss_mb\tshm_mb\tminor_faults";

  /** The column of {@code minor_faults}, the last one added. */
  private static final int MINOR_FAULTS = 11;

  /** One line of the file. */
  record Row(
      String target,
      int threads,
      String workload,
      double seconds,
      long pauseMs,
      long pauses,
      long longestPauseMs,
      long liveHeapMb,
      long entries,
      long rssMb,
      long shmMb,
      long minorFaults) {}

  private CostsFile() {}

  static Path beside(Path results) {
    return results.resolveSibling("costs.tsv");
  }

  static synchronized void append(
      Unit u, String workload, JvmCosts.Phase p, long liveHeapMb, long entries) {
    JvmCosts.Resident r = JvmCosts.resident();
    String line =
        String.format(
            Locale.ROOT,
            "%s\t%d\t%s\t%.3f\t%d\t%d\t%d\t%d\t%d\t%d\t%d\t%d",
            u.target(),
            u.threads(),
            workload,
            p.seconds(),
            p.pauseMillis(),
            p.pauses(),
            p.longestPauseMillis(),
            liveHeapMb,
            entries,
            r.rssMb(),
            r.shmMb(),
            p.minorFaults());
    Tsv.append(beside(u.results()), HEADER, List.of(line));
  }

  static List<Row> read(Path file) {
    return Tsv.read(
        file,
        f ->
            new Row(
                f[0],
                Integer.parseInt(f[1]),
                f[2],
                Double.parseDouble(f[3]),
                Long.parseLong(f[4]),
                Long.parseLong(f[5]),
                Long.parseLong(f[6]),
                Long.parseLong(f[7]),
                Long.parseLong(f[8]),
                Long.parseLong(f[9]),
                Long.parseLong(f[10]),
                f.length > MINOR_FAULTS ? Long.parseLong(f[MINOR_FAULTS]) : -1));
  }
}
