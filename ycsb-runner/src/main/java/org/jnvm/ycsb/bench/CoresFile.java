package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * The core-to-core round trip around each unit ({@code cores.tsv} beside {@code results.tsv}), one
 * line per unit, written by the runner ({@link CoreDistance}):
 *
 * <pre>
 * target threads workloads before_ns after_ns
 * </pre>
 */
final class CoresFile {
  static final String HEADER = "target\tthreads\tworkloads\tbefore_ns\tafter_ns";

  /** One line of the file: {@code workloads} as the unit's letters, e.g. {@code abcfd}. */
  record Row(String target, int threads, String workloads, double beforeNs, double afterNs) {
    /** The larger of the two round trips. */
    double worstNs() {
      return Math.max(beforeNs, afterNs);
    }
  }

  private CoresFile() {}

  static Path beside(Path results) {
    return results.resolveSibling("cores.tsv");
  }

  static void append(Unit u, double beforeNs, double afterNs) {
    String line =
        String.format(
            Locale.ROOT,
            "%s\t%d\t%s\t%.0f\t%.0f",
            u.target(),
            u.threads(),
            String.join("", u.workloads()),
            beforeNs,
            afterNs);
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
                Double.parseDouble(f[4])));
  }
}
