package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jnvm.ycsb.Dirs;

/**
 * {@code bin/jnvm bench --restart}: how fast each backend serves again after a SIGKILL, against the
 * number of entries. One {@link RestartCase} per (entries, backend), one after the other; then
 * {@code report.md}, {@code restart.tsv}, {@code windows.tsv} (each restart's reads per 100 ms) and
 * {@code chart.png} under {@code results/restart-<timestamp>/}.
 */
final class Restart {
  /** Every row of the restart comparison, J-NVM's first. */
  static final List<String> DEFAULT_TARGETS =
      List.of("jpdt-map", "jpdt-all", "jpdt", "jpfa-all", "sifs", "rocksdb", "volatile-sifs");

  static final List<Long> QUICK_SIZES = List.of(10_000L, 100_000L);
  static final double READ_SECONDS = 5;

  private Restart() {}

  /** Runs the comparison; true if every case completed with nothing lost. */
  static boolean run(Options o, PrintStream console) throws IOException, InterruptedException {
    Path out = o.out != null ? o.out : Bench.defaultOut("restart");
    Path logs = Files.createDirectories(out.resolve("logs"));
    Path tsv = out.resolve("restart.tsv");
    Path windows = out.resolve("windows.tsv");
    Files.deleteIfExists(tsv); // an earlier run's rows into this --out must not mix in
    Files.deleteIfExists(windows);
    Path heapDir = o.heapDir != null ? o.heapDir : Dirs.emulatedNvmm();
    List<RestartUnit> units = plan(o, heapDir, logs);
    RunInfo info = RunInfo.capture(o, heapDir, List.of());
    console.println("[restart] " + summary(units, o));
    console.println("[restart] results: " + out);
    boolean ok = true;
    for (int i = 0; i < units.size(); i++) {
      String step = "(" + (i + 1) + "/" + units.size() + ") ";
      RestartFile.Row row = new RestartCase(units.get(i), logs, console, step).run();
      RestartFile.append(tsv, row);
      appendWindows(windows, row);
      ok &= row.failure() == null && row.num("lost") == 0;
    }
    List<RestartFile.Row> rows = RestartFile.read(tsv);
    String report = new RestartReport(info, RunInfo.firstLine("/proc/loadavg"), rows).markdown();
    Files.writeString(out.resolve("report.md"), report);
    RestartChart.write(rows, out.resolve("chart.png"));
    console.println();
    console.println(report);
    console.println("[restart] wrote " + out.resolve("report.md") + " and chart.png");
    return ok;
  }

  static List<RestartUnit> plan(Options o, Path heapDir, Path logs) {
    List<Long> sizes = o.restartSizes != null ? o.restartSizes : QUICK_SIZES;
    List<String> targets = o.backends != null ? o.backends : DEFAULT_TARGETS;
    double read = o.secondsGiven ? o.seconds : READ_SECONDS;
    int loadThreads = Math.max(1, Runtime.getRuntime().availableProcessors());
    long pid = ProcessHandle.current().pid();
    List<RestartUnit> units = new ArrayList<>();
    for (long n : sizes.stream().sorted().toList()) {
      for (String t : targets) {
        String tag = "jnvm-restart-" + pid + "-" + units.size() + "-" + t;
        units.add(
            new RestartUnit(
                t,
                n,
                loadThreads,
                read,
                heapDir.resolve(tag),
                logs.resolve(tag + ".acked"),
                false));
      }
    }
    return units;
  }

  private static String summary(List<RestartUnit> units, Options o) {
    return String.format(
        "entries %s, backends %s, %s s of reads after each restart, files in %s",
        units.stream().map(RestartUnit::records).distinct().toList(),
        String.join(",", units.stream().map(RestartUnit::target).distinct().toList()),
        units.isEmpty() ? "-" : units.get(0).readSeconds(),
        units.isEmpty() ? "-" : units.get(0).dir().getParent());
  }

  private static void appendWindows(Path file, RestartFile.Row row) {
    Map<String, String> f = row.figures();
    if (!f.containsKey("windows")) return;
    Tsv.append(
        file,
        "target\trecords\treads_per_" + Steady.WINDOW_MILLIS + "ms",
        List.of(row.target() + "\t" + row.records() + "\t" + f.get("windows")));
  }
}
