package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.ycsb.Dirs;

/**
 * {@code bin/jnvm bench --scale}: throughput as the data set grows, with the Java heap and GC each
 * backend pays. One child JVM ({@link ScaleMain}) per (collector, backend) grows its data set
 * through the sizes of the {@link ScalePlan} and measures workloads F and A at each; then the
 * report, the TSV and the charts go under {@code results/scale-<timestamp>/}.
 */
final class Scale {
  static final List<String> WORKLOADS = List.of("f", "a");
  static final double QUICK_SECONDS = 2;

  private Scale() {}

  /** Runs the experiment; true if every child completed. */
  static boolean run(Options o, PrintStream console) throws IOException, InterruptedException {
    Path out = o.out != null ? o.out : defaultOut();
    Files.createDirectories(out.resolve("logs"));
    Path heapDir = o.heapDir != null ? o.heapDir : Dirs.emulatedNvmm();
    List<ScaleUnit> units = plan(o, out, heapDir);
    ScaleReport.Setup setup = ScaleReport.Setup.of(o, units, heapDir);
    console.println("[scale] " + setup.summary());
    console.println("[scale] results: " + out);
    Map<ScaleUnit, String> failures = new LinkedHashMap<>();
    for (int i = 0; i < units.size(); i++) {
      ScaleUnit u = units.get(i);
      Path spec = out.resolve("logs").resolve(u.tag() + ".properties");
      u.write(spec);
      List<String> cmd =
          Children.command(u.heapMb(), List.of(ScalePlan.GCS.get(u.gc())), ScaleMain.class, spec);
      String step = "(" + (i + 1) + "/" + units.size() + ") " + u.tag();
      String failure =
          Children.run(
              cmd,
              out.resolve("logs").resolve(u.tag() + ".log"),
              new Progress(console, step),
              u.dir());
      if (failure != null) failures.put(u, failure);
    }
    List<ScaleFile.Point> points = ScaleFile.read(out.resolve("scale.tsv"));
    String report = new ScaleReport(setup, points, failures).markdown();
    Files.writeString(out.resolve("report.md"), report);
    ScaleChart.write(points, out);
    console.println();
    console.println(report);
    console.println("[scale] wrote " + out.resolve("report.md") + ", throughput.png and gc.png");
    return failures.isEmpty();
  }

  static List<ScaleUnit> plan(Options o, Path out, Path heapDir) {
    List<Long> sizes = ScalePlan.sizes(o.sizesGb, o.quick, Children.physicalMb());
    List<String> targets = o.backends != null ? o.backends : ScalePlan.DEFAULT_TARGETS;
    double seconds = o.quick ? Math.min(o.seconds, QUICK_SECONDS) : o.seconds;
    double warmUp = o.quick ? Math.min(o.warmUpSeconds, 1) : o.warmUpSeconds;
    int loadThreads = Math.max(1, Runtime.getRuntime().availableProcessors());
    long usable = usableBytes(heapDir);
    long pid = ProcessHandle.current().pid();
    List<ScaleUnit> units = new ArrayList<>();
    for (String gc : o.gcs) {
      for (String t : targets) {
        List<Long> mine = ScalePlan.sizesOf(t, sizes, o.quick, usable);
        long largest = mine.get(mine.size() - 1);
        Path dir = heapDir.resolve("jnvm-scale-" + pid + "-" + units.size() + "-" + t + "-" + gc);
        units.add(
            new ScaleUnit(
                t,
                gc,
                ScalePlan.heapMb(t, largest),
                mine,
                o.threads.get(0),
                loadThreads,
                WORKLOADS,
                seconds,
                warmUp,
                dir,
                out.resolve("scale.tsv")));
      }
    }
    return units;
  }

  private static long usableBytes(Path dir) {
    try {
      return Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      return Long.MAX_VALUE; // not knowable: the load reports a full directory itself
    }
  }

  private static Path defaultOut() {
    String root = System.getProperty(Bench.ROOT_PROPERTY, ".");
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    return Path.of(root, "results", "scale-" + stamp);
  }
}
