package org.jnvm.ycsb.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * The Markdown report: per thread count, throughput per workload and backend, ratios against the
 * file store and against volatile Infinispan, and latency percentiles per operation; with several
 * thread counts, each count's throughput against the first's.
 */
final class Report {
  private final RunInfo info;
  private final List<ResultsFile.Row> rows;
  private final List<CostsFile.Row> costs;
  private final List<CoresFile.Row> cores;
  private final Map<Unit, String> failures;
  private final StringBuilder md = new StringBuilder();

  Report(
      RunInfo info,
      List<ResultsFile.Row> rows,
      List<CostsFile.Row> costs,
      List<CoresFile.Row> cores,
      Map<Unit, String> failures) {
    this.info = info;
    this.rows = rows;
    this.costs = costs;
    this.cores = cores;
    this.failures = failures;
  }

  String markdown() {
    header();
    for (int t : info.options().threads) section(t);
    scaling();
    backends();
    problems();
    return md.toString();
  }

  private void header() {
    Options o = info.options();
    line("# YCSB on emulated NVMM: persistence backends side by side");
    line("");
    line(
        String.format(
            Locale.ROOT,
            "Run %s: %,d records of 10 fields x 100 B; each workload runs %s (E: a tenth of the"
                + " operations), each %s; threads %s. %s keeps %,d"
                + " entries"
                + " (10%%) in memory with a store, write-through; zipfian requests (D: latest)."
                + " Files in `%s`.",
            info.date(),
            o.records,
            o.seconds > 0
                ? String.format(
                    Locale.ROOT,
                    "%s s or %,d operations, whichever ends first",
                    seconds(o.seconds),
                    o.ops)
                : String.format(Locale.ROOT, "%,d operations", o.ops),
            warmUp(o.warmUpSeconds),
            o.threads,
            o.remote ? "Over Hot Rod the file store (each node)" : "Infinispan",
            Math.max(1, o.records / 10),
            info.heapDir()));
    line("");
    line("- Machine: " + info.cpu() + ", " + info.cores() + " cores, " + info.memory());
    line("- OS: " + info.os() + "; load average at start: " + info.load());
    line("- JDK: " + info.jdk());
    line("- J-NVM gateway backend (`Pmem`): " + info.gateway());
    line("- Write-back instruction: " + info.writeBack());
    coreDistance();
  }

  /**
   * The core-to-core round trips around the units, and the units that ran while two CPUs were far
   * apart: their rows with several threads, or with much shared state, are slower for it.
   */
  private void coreDistance() {
    if (cores.isEmpty()) return;
    double lo = Double.MAX_VALUE;
    double hi = 0;
    List<String> far = new ArrayList<>();
    for (CoresFile.Row c : cores) {
      lo = Math.min(lo, Math.min(c.beforeNs(), c.afterNs()));
      hi = Math.max(hi, c.worstNs());
      if (c.worstNs() > CoreDistance.FAR_NANOS) {
        far.add(
            String.format(
                Locale.ROOT,
                "%s with %d thread%s (%s) %.0f / %.0f ns",
                c.target(),
                c.threads(),
                c.threads() == 1 ? "" : "s",
                c.workloads().toUpperCase(Locale.ROOT),
                c.beforeNs(),
                c.afterNs()));
      }
    }
    line(
        String.format(
            Locale.ROOT,
            "- Core-to-core round trip (one cache line passed between two threads of the runner,"
                + " before and after each unit): %.0f-%.0f ns",
            lo,
            hi));
    if (far.isEmpty()) return;
    line(
        String.format(
            Locale.ROOT,
            "- **Far apart** (above %.0f ns: every cache line two threads both write costs several"
                + " times more, which slows rows with several client threads most) before / after: %s",
            CoreDistance.FAR_NANOS,
            String.join("; ", far)));
  }

  private void section(int threads) {
    List<ResultsFile.Row> mine = rows.stream().filter(r -> r.threads() == threads).toList();
    if (mine.isEmpty()) return;
    List<String> targets = present(mine, ResultsFile.Row::target);
    List<String> workloads = order(present(mine, ResultsFile.Row::workload));
    line("");
    line("## " + threads + (threads == 1 ? " client thread" : " client threads"));
    line("");
    line("Throughput, K ops/s (load: inserts, not measured per operation):");
    table(targets, workloads, mine, r -> r.throughput() / 1e3, "%.1f");
    measuredTime(targets, workloads, mine);
    for (Base b : BASES) ratio(targets, workloads, mine, b.target(), b.what());
    blocksAgainstSwaps(targets, workloads, mine);
    costs(targets, threads, mine);
    latency(targets, workloads, mine);
  }

  /**
   * How long each workload ran, when some ended at the operation cap before the time limit: a fast
   * row's figure can then rest on a second or two, which moves more from run to run.
   */
  private void measuredTime(
      List<String> targets, List<String> workloads, List<ResultsFile.Row> mine) {
    Options o = info.options();
    boolean capped =
        o.seconds > 0
            && mine.stream()
                .anyMatch(
                    r ->
                        !r.workload().equals("load") && r.ops() >= Unit.opsOf(r.workload(), o.ops));
    if (!capped) return;
    line("");
    line(
        String.format(
            Locale.ROOT,
            "Seconds measured (a workload ends at %s s or %,d operations, E a tenth of them; below"
                + " %s s, the operations ended it):",
            seconds(o.seconds),
            o.ops,
            seconds(o.seconds)));
    List<String> runs = workloads.stream().filter(w -> !w.equals("load")).toList();
    table(targets, runs, mine, ResultsFile.Row::seconds, "%.1f");
  }

  /**
   * The Java heap and GC each row costs: volatile rows keep their data on the Java heap, J-NVM rows
   * in NVMM beside a small heap of proxies and indexes.
   */
  private void costs(List<String> targets, int threads, List<ResultsFile.Row> results) {
    List<CostsFile.Row> mine = costs.stream().filter(c -> c.threads() == threads).toList();
    if (mine.isEmpty()) return;
    line("");
    line(
        "Java heap and GC (live heap: after a full GC once loaded; GC pauses over the measured"
            + " workloads; entries: what the in-memory container holds after the last workload;"
            + " RSS at the end, of it the part mapped from /dev/shm"
            + (info.options().remote
                ? ""
                : ", with the initial Java heap every child commits and touches at its start ("
                    + Children.INITIAL_HEAP_MB
                    + " MiB)")
            + "; page faults per operation of"
            + " the measured workloads, nearly all of them a page the JVM touched for the first time,"
            + " such as a Java heap growing beyond its initial size):");
    line("");
    line(
        "| backend | live heap after load, MiB | entries in memory | GC pauses, % of run"
            + " | longest pause, ms | RSS, MiB (shm) | page faults per op |");
    line("|---|---:|---:|---:|---:|---:|---:|");
    for (String t : targets) {
      List<CostsFile.Row> of = mine.stream().filter(c -> c.target().equals(t)).toList();
      CostsFile.Row load =
          of.stream().filter(c -> c.workload().equals("load")).findFirst().orElse(null);
      List<CostsFile.Row> runs = of.stream().filter(c -> !c.workload().equals("load")).toList();
      if (load == null || runs.isEmpty()) continue;
      CostsFile.Row last = runs.get(runs.size() - 1);
      double seconds = runs.stream().mapToDouble(CostsFile.Row::seconds).sum();
      long pauseMs = runs.stream().mapToLong(CostsFile.Row::pauseMs).sum();
      long longest = runs.stream().mapToLong(CostsFile.Row::longestPauseMs).max().orElse(0);
      line(
          String.format(
              Locale.ROOT,
              "| %s | %,d | %s | %.1f | %d | %s | %s |",
              t,
              load.liveHeapMb(),
              last.entries() < 0 ? "-" : String.format(Locale.ROOT, "%,d", last.entries()),
              seconds > 0 ? pauseMs / (seconds * 10) : 0.0,
              longest,
              last.rssMb() < 0
                  ? "-"
                  : String.format(Locale.ROOT, "%,d (%,d)", last.rssMb(), last.shmMb()),
              faultsPerOp(runs, results)));
    }
  }

  /**
   * Page faults per operation over {@code runs} of one target, their operations from {@code
   * results} (the same thread count's): "-" where one is unknown.
   */
  private static String faultsPerOp(List<CostsFile.Row> runs, List<ResultsFile.Row> results) {
    long faults = 0;
    long ops = 0;
    for (CostsFile.Row c : runs) {
      ResultsFile.Row r = first(results, c.target(), c.workload());
      if (c.minorFaults() < 0 || r == null) return "-";
      faults += c.minorFaults();
      ops += r.ops();
    }
    return ops == 0 ? "-" : String.format(Locale.ROOT, "%.2f", faults / (double) ops);
  }

  private void table(
      List<String> targets,
      List<String> workloads,
      List<ResultsFile.Row> mine,
      ToDoubleFunction<ResultsFile.Row> value,
      String fmt) {
    line("");
    columns(targets);
    for (String w : workloads) {
      List<String> cells = new ArrayList<>();
      for (String t : targets) {
        ResultsFile.Row r = first(mine, t, w);
        cells.add(r == null ? "-" : String.format(Locale.ROOT, fmt, value.applyAsDouble(r)));
      }
      line("| " + name(w) + " | " + String.join(" | ", cells) + " |");
    }
  }

  private void ratio(
      List<String> targets,
      List<String> workloads,
      List<ResultsFile.Row> mine,
      String base,
      String what) {
    if (!targets.contains(base)) return;
    line("");
    line("Throughput ratio against " + what + " (`" + base + "`):");
    line("");
    columns(targets);
    for (String w : workloads) {
      ResultsFile.Row b = first(mine, base, w);
      ratioRow(w, targets, t -> first(mine, t, w), t -> b);
    }
  }

  /**
   * Each J-PFA row against the J-PDT row with the same container ({@link #PFA_PAIRS}): what
   * failure-atomic blocks cost against hand-made crash-consistent updates, where both ran.
   */
  private void blocksAgainstSwaps(
      List<String> targets, List<String> workloads, List<ResultsFile.Row> mine) {
    List<String> pfa = pfaRows(targets);
    if (pfa.isEmpty()) return;
    line("");
    line(PFA_TITLE);
    line("");
    columns(pfa);
    for (String w : workloads) {
      ratioRow(w, pfa, t -> first(mine, t, w), t -> first(mine, PFA_PAIRS.get(t), w));
    }
  }

  /** The J-PFA rows of {@code targets} whose J-PDT partner ran too, in the targets' order. */
  static List<String> pfaRows(List<String> targets) {
    return targets.stream()
        .filter(t -> PFA_PAIRS.containsKey(t) && targets.contains(PFA_PAIRS.get(t)))
        .toList();
  }

  /** One table row: per target, its row's throughput over its base row's, or "-". */
  private void ratioRow(
      String w,
      List<String> targets,
      Function<String, ResultsFile.Row> of,
      Function<String, ResultsFile.Row> baseOf) {
    List<String> cells = new ArrayList<>();
    for (String t : targets) {
      ResultsFile.Row r = of.apply(t);
      ResultsFile.Row b = baseOf.apply(t);
      cells.add(
          r == null || b == null || !(b.throughput() > 0)
              ? "-"
              : String.format(Locale.ROOT, "%.2fx", r.throughput() / b.throughput()));
    }
    line("| " + name(w) + " | " + String.join(" | ", cells) + " |");
  }

  private void latency(List<String> targets, List<String> workloads, List<ResultsFile.Row> mine) {
    line("");
    line("Latency in microseconds, p50 / p99 / p99.9 (YCSB's HdrHistogram measurements):");
    line("");
    line("| workload | operation | " + String.join(" | ", targets) + " |");
    line("|---|---|" + "---:|".repeat(targets.size()));
    for (String w : workloads) {
      Set<String> ops = new LinkedHashSet<>();
      mine.stream()
          .filter(r -> r.workload().equals(w) && !r.op().equals("LOAD"))
          .forEach(r -> ops.add(r.op()));
      for (String op : ops) {
        List<String> cells = new ArrayList<>();
        for (String t : targets) {
          ResultsFile.Row r =
              mine.stream()
                  .filter(x -> x.target().equals(t) && x.workload().equals(w) && x.op().equals(op))
                  .findFirst()
                  .orElse(null);
          cells.add(
              r == null
                  ? "-"
                  : String.format(
                      Locale.ROOT, "%s / %s / %s", us(r.p50()), us(r.p99()), us(r.p999())));
        }
        line("| " + name(w) + " | " + op + " | " + String.join(" | ", cells) + " |");
      }
    }
  }

  /**
   * With several thread counts: each further count's throughput against the first count's, per
   * backend and workload (a row measured at one count only shows "-").
   */
  private void scaling() {
    List<Integer> counts = info.options().threads;
    if (counts.size() < 2) return;
    int base = counts.get(0);
    List<ResultsFile.Row> baseRows = rows.stream().filter(r -> r.threads() == base).toList();
    boolean headed = false;
    for (int t : counts.subList(1, counts.size())) {
      List<ResultsFile.Row> mine = rows.stream().filter(r -> r.threads() == t).toList();
      if (mine.isEmpty() || baseRows.isEmpty()) continue;
      if (!headed) {
        line("");
        line("## Scaling with client threads");
        headed = true;
      }
      List<String> targets = present(mine, ResultsFile.Row::target);
      line("");
      line("Throughput with " + t + " client threads against " + base + ":");
      line("");
      columns(targets);
      for (String w : order(present(mine, ResultsFile.Row::workload))) {
        ratioRow(w, targets, x -> first(mine, x, w), x -> first(baseRows, x, w));
      }
    }
  }

  /** A table's header: the workload column, then one right-aligned column per target. */
  private void columns(List<String> targets) {
    line("| workload | " + String.join(" | ", targets) + " |");
    line("|---|" + "---:|".repeat(targets.size()));
  }

  private void backends() {
    line("");
    line("## Backends");
    line("");
    for (Target t : Targets.all()) {
      line("- `" + t.name() + "`: " + t.label() + (t.scans() ? " (scans: runs E)" : ""));
    }
  }

  private void problems() {
    List<String> notes = new ArrayList<>();
    failures.forEach((u, why) -> notes.add("run `" + u.tag() + "` failed: " + why));
    for (ResultsFile.Row r : rows) {
      if (r.failed() > 0) {
        notes.add(
            String.format(
                "%s, %d threads, %s %s: %d operations did not return OK",
                r.target(), r.threads(), name(r.workload()), r.op(), r.failed()));
      }
    }
    if (notes.isEmpty()) return;
    line("");
    line("## Problems");
    line("");
    notes.forEach(n -> line("- " + n));
  }

  /** A row the others' throughput is divided by, and how the report names it. */
  record Base(String target, String what) {}

  /** The ratio tables, in the report's order, each where its base ran. */
  static final List<Base> BASES =
      List.of(
          new Base(Targets.FILE_STORE, "the file store (SoftIndexFileStore)"),
          new Base(Targets.VOLATILE, "volatile Infinispan"),
          new Base(Targets.VOLATILE_MAP, "a ConcurrentHashMap (no Infinispan)"),
          new Base(Targets.PMDK, "PMDK (LLPL)"));

  /** J-PFA rows and the J-PDT row each is compared with: the same store, the same container. */
  static final Map<String, String> PFA_PAIRS = Map.of("jpfa", "jpdt", "jpfa-all", "jpdt-all");

  static final String PFA_TITLE =
      "J-PFA against J-PDT with the same container (`jpfa` / `jpdt`, `jpfa-all` / `jpdt-all`):";

  static ResultsFile.Row first(List<ResultsFile.Row> rows, String target, String w) {
    return rows.stream()
        .filter(r -> r.target().equals(target) && r.workload().equals(w))
        .findFirst()
        .orElse(null);
  }

  private static List<String> present(
      List<ResultsFile.Row> rows, Function<ResultsFile.Row, String> f) {
    return rows.stream().map(f).distinct().toList();
  }

  /** The load first, then the workloads in A-F order. */
  static List<String> order(List<String> workloads) {
    List<String> out = new ArrayList<>();
    if (workloads.contains("load")) out.add("load");
    for (String w : List.of("a", "b", "c", "d", "e", "f")) {
      if (workloads.contains(w)) out.add(w);
    }
    return out;
  }

  static String name(String w) {
    return w.equals("load") ? "load" : w.toUpperCase(Locale.ROOT);
  }

  /** The warm-up as {@link Unit#warmUpSeconds(double, int)} runs it, from the first workload's. */
  static String warmUp(double first) {
    if (first <= 0) return "with no warm-up";
    return "after an unmeasured warm-up of "
        + seconds(first)
        + " s before the first workload in each JVM, "
        + seconds(Unit.warmUpSeconds(first, 1))
        + " s before each later one";
  }

  /** Seconds as given: "3", "0.5". */
  private static String seconds(double s) {
    return s == Math.rint(s) ? String.format(Locale.ROOT, "%.0f", s) : Double.toString(s);
  }

  private static String us(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}
