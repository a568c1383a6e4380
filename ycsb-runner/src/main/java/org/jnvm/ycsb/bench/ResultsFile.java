package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of a run, one TSV line per (target, threads, workload, operation):
 *
 * <pre>
 * target threads workload ops seconds throughput op count avg_us p50_us p99_us p999_us failed
 * </pre>
 *
 * The load's line has op {@code LOAD} and no latencies (it is not measured). {@code failed} counts
 * operations whose status was not OK.
 */
final class ResultsFile {
  static final String HEADER =
      "target\tthreads\tworkload\tops\tseconds\tthroughput\top\tcount\tavg_us\tp50_us\tp99_us"
          + "\tp999_us\tfailed";

  /** One line of the file. */
  record Row(
      String target,
      int threads,
      String workload,
      long ops,
      double seconds,
      double throughput,
      String op,
      long count,
      double avg,
      double p50,
      double p99,
      double p999,
      long failed) {}

  private ResultsFile() {}

  static synchronized void append(Unit u, String workload, Phase.Outcome o) {
    List<String> lines = new ArrayList<>();
    String head =
        String.format(
            Locale.ROOT,
            "%s\t%d\t%s\t%d\t%.3f\t%.1f",
            u.target(),
            u.threads(),
            workload,
            o.ops(),
            o.nanos() / 1e9,
            o.throughput());
    if (o.measurements().metrics.isEmpty()) {
      lines.add(head + "\tLOAD\t" + o.ops() + "\tNaN\tNaN\tNaN\tNaN\t0");
    }
    Collector c = o.measurements();
    for (String op : c.operations()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "%s\t%s\t%.0f\t%.1f\t%.1f\t%.1f\t%.1f\t%d",
              head,
              op,
              c.get(op, "Operations"),
              c.get(op, "AverageLatency(us)"),
              c.get(op, "50thPercentileLatency(us)"),
              c.get(op, "99thPercentileLatency(us)"),
              c.get(op, "99.9PercentileLatency(us)"),
              failed(c.metrics.get(op))));
    }
    Tsv.append(u.results(), HEADER, lines);
  }

  private static long failed(Map<String, Double> m) {
    long n = 0;
    for (Map.Entry<String, Double> e : m.entrySet()) {
      if (e.getKey().startsWith("Return=") && !e.getKey().equals("Return=OK")) {
        n += e.getValue().longValue();
      }
    }
    return n;
  }

  static List<Row> read(Path file) {
    return Tsv.read(
        file,
        f ->
            new Row(
                f[0],
                Integer.parseInt(f[1]),
                f[2],
                Long.parseLong(f[3]),
                Double.parseDouble(f[4]),
                Double.parseDouble(f[5]),
                f[6],
                Long.parseLong(f[7]),
                Double.parseDouble(f[8]),
                Double.parseDouble(f[9]),
                Double.parseDouble(f[10]),
                Double.parseDouble(f[11]),
                Long.parseLong(f[12])));
  }
}
