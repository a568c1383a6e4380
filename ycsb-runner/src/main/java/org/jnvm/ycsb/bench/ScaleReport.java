package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import org.jnvm.core.pmem.Pmem;

/**
 * The Markdown report of {@code bin/jnvm bench --scale}: per workload, throughput against the data
 * set's size for each backend, then what the Java heap costs at each size (GC pause share, longest
 * pause, p99 latency, live heap, resident memory).
 */
final class ScaleReport {
  /** What the report states about its run. */
  record Setup(
      String date,
      List<ScaleUnit> units,
      Path heapDir,
      String machine,
      String jdk,
      String gateway,
      String load) {
    static Setup of(Options o, List<ScaleUnit> units, Path heapDir) {
      return new Setup(
          ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
          units,
          heapDir,
          RunInfo.procLine("/proc/cpuinfo", "model name")
              + ", "
              + Runtime.getRuntime().availableProcessors()
              + " cores, "
              + RunInfo.procLine("/proc/meminfo", "MemTotal"),
          System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"),
          Pmem.backendDescription() + "; write-back instruction: " + RunInfo.thisWriteBack(),
          RunInfo.firstLine("/proc/loadavg"));
    }

    String summary() {
      ScaleUnit u = units.get(0);
      List<String> rows = new ArrayList<>();
      for (ScaleUnit x : units) {
        rows.add(x.tag() + " -Xmx" + x.heapMb() + "m up to " + ScalePlan.gb(last(x)) + " GB");
      }
      return String.format(
          Locale.ROOT,
          "data sets %s GB; %s, %.0f s each at every size, each after a %.1f s warm-up; %d client"
              + " thread(s), loads with %d; %s",
          String.join(", ", u.sizes().stream().map(ScalePlan::gb).toList()),
          String.join(
              " then ", u.workloads().stream().map(w -> w.toUpperCase(Locale.ROOT)).toList()),
          u.seconds(),
          u.warmUpSeconds() / u.workloads().size(),
          u.threads(),
          u.loadThreads(),
          String.join("; ", rows));
    }

    private static long last(ScaleUnit u) {
      return u.sizes().get(u.sizes().size() - 1);
    }
  }

  private final Setup setup;
  private final List<ScaleFile.Point> points;
  private final Map<ScaleUnit, String> failures;
  private final boolean severalGcs;
  private final StringBuilder md = new StringBuilder();

  ScaleReport(Setup setup, List<ScaleFile.Point> points, Map<ScaleUnit, String> failures) {
    this.setup = setup;
    this.points = points;
    this.failures = failures;
    this.severalGcs = points.stream().map(ScaleFile.Point::gc).distinct().count() > 1;
  }

  String markdown() {
    line("# Throughput as the data set grows: records on the Java heap or in NVMM");
    line("");
    line("Run " + setup.date() + ": " + setup.summary() + ". Files in `" + setup.heapDir() + "`.");
    line("");
    line(
        "Each backend runs in one JVM that grows its data set step by step (it loads only what a"
            + " step adds), as a server whose data grows; its `-Xmx` is "
            + ScalePlan.HEAP_FACTOR
            + "x the live set of its largest size (volatile rows: every record; J-NVM rows:"
            + " proxies and indexes, the records are in /dev/shm). The largest size is what a"
            + " volatile heap of that factor holds in "
            + Math.round(ScalePlan.RAM_SHARE * 100)
            + "% of this machine's memory; the file store stops at 1 GB (its load runs at"
            + " about 17k records/s).");
    line("");
    line("- Machine: " + setup.machine() + "; load average at start: " + setup.load());
    line("- JDK: " + setup.jdk() + "; J-NVM gateway: " + setup.gateway());
    for (String w : workloads()) {
      line("");
      line("## Workload " + w.toUpperCase(Locale.ROOT));
      table(w, "Throughput, K ops/s", p -> fmt("%.1f", p.throughput() / 1e3));
      table(w, "GC pauses, % of the run", p -> fmt("%.1f", p.pausePercent()));
      if (points.stream().anyMatch(p -> p.cycleMs() > 0)) {
        table(
            w,
            "Concurrent GC cycles, % of the run (wall time beside the application: ZGC, Shenandoah)",
            p -> fmt("%.1f", p.cyclePercent()));
      }
      table(w, "Longest GC pause, ms", ScaleReport::longest);
      table(w, "p99 latency of the slowest operation, us", p -> fmt("%.0f", p.p99Us()));
    }
    line("");
    line("## Memory at each size");
    String first = workloads().get(0);
    table(first, "Java heap live after the load, MiB", p -> fmt("%,d", p.liveHeapMb()));
    table(
        first,
        "Process RSS after "
            + first.toUpperCase(Locale.ROOT)
            + ", MiB (of it mapped from /dev/shm)",
        p -> fmt("%,d (%,d)", p.rssMb(), p.shmMb()));
    table(first, "Load of the step, s", p -> fmt("%.1f", p.loadSeconds()));
    problems();
    return md.toString();
  }

  private void table(String w, String title, Function<ScaleFile.Point, String> cell) {
    List<String> series = series();
    List<Long> sizes = points.stream().map(ScaleFile.Point::records).distinct().sorted().toList();
    line("");
    line(title + ":");
    line("");
    line("| data set, GB | " + String.join(" | ", series) + " |");
    line("|---:|" + "---:|".repeat(series.size()));
    for (long size : sizes) {
      List<String> cells = new ArrayList<>();
      for (String s : series) {
        cells.add(
            points.stream()
                .filter(
                    p ->
                        p.records() == size
                            && p.workload().equals(w)
                            && p.series(severalGcs).equals(s))
                .findFirst()
                .map(cell)
                .orElse("-"));
      }
      line("| " + ScalePlan.gb(size) + " | " + String.join(" | ", cells) + " |");
    }
  }

  /** The longest pause; "<1" when there were pauses all shorter than the beans' millisecond. */
  private static String longest(ScaleFile.Point p) {
    return p.longestPauseMs() == 0 && p.pauses() > 0 ? "<1" : Long.toString(p.longestPauseMs());
  }

  private List<String> series() {
    return points.stream().map(p -> p.series(severalGcs)).distinct().toList();
  }

  private List<String> workloads() {
    return points.stream().map(ScaleFile.Point::workload).distinct().toList();
  }

  private void problems() {
    if (failures.isEmpty()) return;
    line("");
    line("## Problems");
    line("");
    failures.forEach((u, why) -> line("- `" + u.tag() + "` failed: " + why));
  }

  private static String fmt(String f, Object... args) {
    return String.format(Locale.ROOT, f, args);
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}
