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
    boolean ok;
    if (o.scale) {
      ok = Scale.run(o, System.out);
    } else if (o.remote) {
      ok = Remote.run(o, System.out);
    } else if (o.restart) {
      ok = Restart.run(o, System.out);
    } else if (o.rejoin) {
      ok = Rejoin.run(o, System.out);
    } else {
      ok = run(o, System.out);
    }
    System.exit(ok ? 0 : 1);
  }

  /**
   * Runs the comparison, {@code --rounds} times (each round in {@code round-K} under the results
   * directory, then {@code rounds.md}); true if every run completed.
   */
  static boolean run(Options o, PrintStream console) throws Exception {
    Path out = o.out != null ? o.out : defaultOut();
    if (o.rounds == 1) return runOnce(o, out, console);
    Files.createDirectories(out);
    Files.deleteIfExists(out.resolve("rounds.md")); // an earlier run's must not look current
    boolean ok = true;
    List<Path> rounds = new ArrayList<>();
    try {
      for (int r = 1; r <= o.rounds; r++) {
        console.println("[bench] round " + r + " of " + o.rounds);
        Path dir = out.resolve("round-" + r);
        rounds.add(dir.resolve("results.tsv"));
        ok &= runOnce(o, dir, console);
      }
    } finally { // a round that threw still leaves the summary of those before it
      summarise(rounds, out, console);
    }
    return ok;
  }

  private static void summarise(List<Path> rounds, Path out, PrintStream console)
      throws IOException {
    String summary = RoundsReport.read(rounds).markdown();
    Files.writeString(out.resolve("rounds.md"), summary);
    console.println();
    console.println(summary);
    console.println("[bench] wrote " + out.resolve("rounds.md"));
  }

  /** One run of the comparison into {@code out}; true if every child completed. */
  private static boolean runOnce(Options o, Path out, PrintStream console) throws Exception {
    Files.createDirectories(out.resolve("logs"));
    // the children append: figures of an earlier run into this --out must not mix in
    Path tsv = out.resolve("results.tsv");
    for (Path f : List.of(tsv, CostsFile.beside(tsv), CoresFile.beside(tsv))) {
      Files.deleteIfExists(f);
    }
    Path heapDir = o.heapDir != null ? o.heapDir : Dirs.emulatedNvmm();
    List<Unit> units = plan(o, out, heapDir);
    RunInfo info = RunInfo.capture(o, heapDir, units);
    console.println("[bench] " + info.summary());
    console.println("[bench] results: " + out);
    Map<Unit, String> failures = new LinkedHashMap<>();
    for (int i = 0; i < units.size(); i++) {
      Unit u = units.get(i);
      boolean probe = CoreDistance.measurable();
      double before = probe ? CoreDistance.roundTripNanos() : Double.NaN;
      String failure = runChild(u, out, "(" + (i + 1) + "/" + units.size() + ") ", console);
      if (probe) CoresFile.append(u, before, CoreDistance.roundTripNanos());
      if (failure != null) failures.put(u, failure);
    }
    List<ResultsFile.Row> rows = ResultsFile.read(tsv);
    List<CostsFile.Row> costs = CostsFile.read(CostsFile.beside(tsv));
    List<CoresFile.Row> cores = CoresFile.read(CoresFile.beside(tsv));
    String report = new Report(info, rows, costs, cores, failures).markdown();
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

  /** Runs one child JVM; null if it completed, else why not. */
  private static String runChild(Unit u, Path out, String step, PrintStream console)
      throws IOException, InterruptedException {
    Path spec = out.resolve("logs").resolve(u.tag() + ".properties");
    Path log = out.resolve("logs").resolve(u.tag() + ".log");
    u.write(spec);
    long heapMb = childHeapMb(u.records() + u.ops(), Children.physicalMb());
    List<String> cmd = Children.command(heapMb, Children.heapFlags(heapMb), UnitMain.class, spec);
    return Children.run(cmd, log, new Progress(console, step + u.tag()), u.dir());
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

  private static Path defaultOut() {
    return defaultOut("ycsb");
  }

  /** results/KIND-TIMESTAMP under the repository root. */
  static Path defaultOut(String kind) {
    String root = System.getProperty(ROOT_PROPERTY, ".");
    String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss"));
    return Path.of(root, "results", kind + "-" + stamp);
  }
}
