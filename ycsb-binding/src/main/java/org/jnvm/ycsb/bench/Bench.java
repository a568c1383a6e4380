package org.jnvm.ycsb.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.ycsb.Dirs;

/**
 * {@code bin/jnvm bench}: the YCSB comparison. Runs one child JVM ({@link UnitMain}) per (thread
 * count, backend, group of workloads), one after the other, so that backends never share a JIT, a
 * Java heap or a core; each child loads once and runs its workloads in YCSB's order. Then writes
 * the report and the chart.
 */
public final class Bench {
  /** The repository root (set by bin/jnvm); results go under it. */
  static final String ROOT_PROPERTY = "jnvm.root";

  private Bench() {}

  public static void main(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("bench: " + e.getMessage());
      System.exit(64);
      return;
    }
    if (o.help) {
      System.out.println(Options.usage());
      return;
    }
    System.exit(run(o, System.out) ? 0 : 1);
  }

  /** Runs the comparison; true if every run completed. */
  static boolean run(Options o, PrintStream console) throws Exception {
    Path out = o.out != null ? o.out : defaultOut();
    Files.createDirectories(out.resolve("logs"));
    Path heapDir = o.heapDir != null ? o.heapDir : Dirs.emulatedNvmm();
    List<Unit> units = plan(o, out, heapDir);
    RunInfo info = RunInfo.capture(o, heapDir, units);
    console.println("[bench] " + info.summary());
    console.println("[bench] results: " + out);
    Map<Unit, String> failures = new LinkedHashMap<>();
    for (int i = 0; i < units.size(); i++) {
      Unit u = units.get(i);
      String failure = runChild(u, out, "(" + (i + 1) + "/" + units.size() + ") ", console);
      if (failure != null) failures.put(u, failure);
    }
    Path tsv = out.resolve("results.tsv");
    List<ResultsFile.Row> rows = Files.exists(tsv) ? ResultsFile.read(tsv) : List.of();
    List<CostsFile.Row> costs = CostsFile.read(CostsFile.beside(tsv));
    String report = new Report(info, rows, costs, failures).markdown();
    Files.writeString(out.resolve("report.md"), report);
    if (!rows.isEmpty()) Chart.write(rows, info, out.resolve("chart.png"));
    console.println();
    console.println(report);
    console.println(
        "[bench] wrote " + out.resolve("report.md") + " and " + out.resolve("chart.png"));
    return failures.isEmpty();
  }

  static List<Unit> plan(Options o, Path out, Path heapDir) {
    List<String> names = o.backends != null ? o.backends : Targets.defaults();
    List<Unit> units = new ArrayList<>();
    long pid = ProcessHandle.current().pid();
    Path tsv = out.resolve("results.tsv");
    for (int t : o.threads) {
      for (String name : names) {
        Target target = Targets.byName(name);
        List<String> plain = o.workloads.stream().filter(w -> !w.equals("e")).toList();
        if (!plain.isEmpty()) {
          units.add(unit(o, target, t, plain, false, heapDir, pid, units.size(), tsv));
        }
        if (o.workloads.contains("e") && target.scans()) {
          units.add(unit(o, target, t, List.of("e"), true, heapDir, pid, units.size(), tsv));
        }
      }
    }
    return units;
  }

  private static Unit unit(
      Options o,
      Target t,
      int threads,
      List<String> w,
      boolean scan,
      Path heapDir,
      long pid,
      int seq,
      Path tsv) {
    String tag = t.name() + "-t" + threads + "-" + String.join("", w);
    Path dir = heapDir.resolve("jnvm-ycsb-" + pid + "-" + seq + "-" + tag);
    return new Unit(
        t.name(), threads, w, scan, o.records, o.ops, o.seconds, o.warmUpSeconds, dir, tsv);
  }

  /** A child that prints nothing for this long is stuck (a deadlock, a hung store): killed. */
  private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(180);

  /** Runs one child JVM; null if it completed, else why not. */
  private static String runChild(Unit u, Path out, String step, PrintStream console)
      throws IOException, InterruptedException {
    Path spec = out.resolve("logs").resolve(u.tag() + ".properties");
    Path log = out.resolve("logs").resolve(u.tag() + ".log");
    u.write(spec);
    ProcessBuilder pb = new ProcessBuilder(childCommand(u, spec));
    pb.environment().put("PMEM_IS_PMEM_FORCE", "1");
    pb.redirectError(log.toFile());
    Progress progress = new Progress(console, step + u.tag());
    Process p = pb.start();
    AtomicLong lastLine = new AtomicLong(System.nanoTime());
    Thread reader = new Thread(() -> follow(p, log, progress, lastLine), "bench-child-output");
    reader.start();
    boolean stalled = false;
    try {
      while (!p.waitFor(1, TimeUnit.SECONDS)) {
        if (System.nanoTime() - lastLine.get() > STALL_NANOS) {
          stalled = true;
          p.destroyForcibly().waitFor();
        }
      }
      reader.join();
    } finally {
      p.destroyForcibly();
      Dirs.deleteTree(u.dir());
    }
    progress.finish(p.exitValue());
    if (stalled)
      return "no output for "
          + STALL_NANOS / 1_000_000_000
          + " s: killed (log: "
          + log.getFileName()
          + ")";
    return p.exitValue() == 0 ? null : failure(log, p.exitValue());
  }

  /** Feeds the child's stdout to the progress line, and everything else to its log. */
  private static void follow(Process p, Path log, Progress progress, AtomicLong lastLine) {
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        lastLine.set(System.nanoTime());
        if (!progress.accept(line)) {
          Files.writeString(log, line + "\n", StandardOpenOption.APPEND);
        }
      }
    } catch (IOException e) {
      progress.note("lost the child's output: " + e);
    }
  }

  /** Environment variable of extra flags for every child JVM (profiling). */
  static final String CHILD_OPTS = "JNVM_BENCH_CHILD_OPTS";

  private static List<String> childCommand(Unit u, Path spec) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("--sun-misc") || a.startsWith("--enable-native")) {
        cmd.add(a);
      }
    }
    long heapMb = childHeapMb(u.records() + u.ops(), physicalMb());
    cmd.add("-Xmx" + heapMb + "m");
    // Extra child JVM flags, e.g. a profiler: JNVM_BENCH_CHILD_OPTS="-XX:StartFlightRecording=..."
    String extra = System.getenv(CHILD_OPTS);
    if (extra != null && !extra.isBlank()) cmd.addAll(List.of(extra.trim().split("\\s+")));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(UnitMain.class.getName());
    cmd.add(spec.toString());
    return cmd;
  }

  /**
   * The child's Java heap: 3 KB per record and operation plus 512 MiB, at least 1 GiB, and at most
   * 40% of the machine's memory: the stores' data lives in /dev/shm beside it, and at the paper
   * size the uncapped figure (18 GiB on a 24 GiB machine) let the file stores' JVMs grow until the
   * kernel killed them.
   */
  static long childHeapMb(long recordsAndOps, long physicalMb) {
    long wanted = Math.max(1024, recordsAndOps * 3 / 1024 + 512);
    return Math.max(1024, Math.min(wanted, physicalMb * 2 / 5));
  }

  private static long physicalMb() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getTotalMemorySize() >> 20;
    }
    return Long.MAX_VALUE >> 20;
  }

  /** The first line of the child's log that says what went wrong. */
  private static String failure(Path log, int rc) throws IOException {
    for (String line : Files.readAllLines(log)) {
      if (line.contains("Exception") || line.contains("Error")) {
        return "exit " + rc + ": " + line.trim() + " (log: " + log.getFileName() + ")";
      }
    }
    return "exit " + rc + " (log: " + log.getFileName() + ")";
  }

  private static Path defaultOut() {
    String root = System.getProperty(ROOT_PROPERTY, ".");
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    return Path.of(root, "results", "ycsb-" + stamp);
  }
}
