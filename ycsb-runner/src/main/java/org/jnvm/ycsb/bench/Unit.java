package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * What one child JVM runs: one target, one thread count, one load, then workloads in order.
 *
 * @param target the backend's name
 * @param threads client threads, for the load and every workload
 * @param workloads letters, in the order they run
 * @param scanGroup true for the group of workload E (the target's scan configuration)
 * @param records records loaded
 * @param ops operations per workload (E: a tenth, see {@link #opsOf})
 * @param seconds each workload stops after this long if its operations are not done (0: never)
 * @param warmUpSeconds unmeasured run of the first workload before it is measured (0: no warm-up at
 *     all); see {@link #warmUpSecondsOf}
 * @param dir the directory of the target's files (deleted afterwards by the parent)
 * @param results the TSV file the child appends its figures to
 */
record Unit(
    String target,
    int threads,
    List<String> workloads,
    boolean scanGroup,
    long records,
    long ops,
    double seconds,
    double warmUpSeconds,
    Path dir,
    Path results) {

  /** Each later workload's warm-up, unless the first workload's is shorter. */
  static final double LATER_WARMUP_SECONDS = 1;

  /**
   * The unmeasured run before workload {@code index} (in {@link #workloads}) is measured: see
   * {@link #warmUpSeconds(double, int)}.
   */
  double warmUpSecondsOf(int index) {
    return warmUpSeconds(warmUpSeconds, index);
  }

  /**
   * The warm-up of workload {@code index} in a JVM whose first workload warms up for {@code first}
   * seconds: {@code first} for the first, {@link #LATER_WARMUP_SECONDS} (or {@code first} if
   * shorter) for each later one, none at all if {@code first} is 0. The JIT compiles each
   * workload's own paths before it is measured: without it, jpdt-all's D (the first workload that
   * inserts after the load) ran its first half second beside 0.7 s of C2 compilation of the insert
   * path (JFR), and measured 0.51-0.72x volatile Infinispan against 0.73-0.82x with it (four runs
   * each, ycsb-runner/README.md).
   */
  static double warmUpSeconds(double first, int index) {
    return index == 0 ? first : Math.min(first, LATER_WARMUP_SECONDS);
  }

  void write(Path file) {
    Properties p = new Properties();
    p.setProperty("target", target);
    p.setProperty("threads", Integer.toString(threads));
    p.setProperty("workloads", String.join(",", workloads));
    p.setProperty("scanGroup", Boolean.toString(scanGroup));
    p.setProperty("records", Long.toString(records));
    p.setProperty("ops", Long.toString(ops));
    p.setProperty("seconds", Double.toString(seconds));
    p.setProperty("warmUpSeconds", Double.toString(warmUpSeconds));
    p.setProperty("dir", dir.toString());
    p.setProperty("results", results.toString());
    try (OutputStream out = Files.newOutputStream(file)) {
      p.store(out, "one JVM of bin/jnvm bench");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the run description: file=" + file, e);
    }
  }

  static Unit read(Path file) {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(file)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the run description: file=" + file, e);
    }
    return new Unit(
        p.getProperty("target"),
        Integer.parseInt(p.getProperty("threads")),
        List.of(p.getProperty("workloads").split(",")),
        Boolean.parseBoolean(p.getProperty("scanGroup")),
        Long.parseLong(p.getProperty("records")),
        Long.parseLong(p.getProperty("ops")),
        Double.parseDouble(p.getProperty("seconds", "0")),
        Double.parseDouble(p.getProperty("warmUpSeconds", "0")),
        Path.of(p.getProperty("dir")),
        Path.of(p.getProperty("results")));
  }

  /**
   * Operations of workload {@code w}: a scan of E reads up to 100 records, so E runs a tenth of the
   * operations of the others (the same count for every target).
   */
  long opsOf(String w) {
    return opsOf(w, ops);
  }

  /** Operations of workload {@code w} in a run of {@code ops} per workload. */
  static long opsOf(String w, long ops) {
    return w.equals("e") ? Math.max(1, ops / 10) : ops;
  }

  /** A short name for progress lines and logs, e.g. {@code sifs-t1-abcfd}. */
  String tag() {
    return target + "-t" + threads + "-" + String.join("", workloads);
  }
}
