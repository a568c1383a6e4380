package org.jnvm.ycsb.bench;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The Markdown report: per thread count, throughput per workload and backend, ratios against the
 * file store and against volatile Infinispan, and latency percentiles per operation.
 */
final class Report {
  private final RunInfo info;
  private final List<ResultsFile.Row> rows;
  private final Map<Unit, String> failures;
  private final StringBuilder md = new StringBuilder();

  Report(RunInfo info, List<ResultsFile.Row> rows, Map<Unit, String> failures) {
    this.info = info;
    this.rows = rows;
    this.failures = failures;
  }

  String markdown() {
    header();
    for (int t : info.options().threads) section(t);
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
                + " operations); %.0f s warm-up per JVM; threads %s. Infinispan keeps %,d entries"
                + " (10%%) in memory with a store, write-through; zipfian requests (D: latest)."
                + " Files in `%s`.",
            info.date(),
            o.records,
            o.seconds > 0
                ? String.format(
                    Locale.ROOT, "%.0f s or %,d operations, whichever ends first", o.seconds, o.ops)
                : String.format(Locale.ROOT, "%,d operations", o.ops),
            o.warmUpSeconds,
            o.threads,
            Math.max(1, o.records / 10),
            info.heapDir()));
    line("");
    line("- Machine: " + info.cpu() + ", " + info.cores() + " cores, " + info.memory());
    line("- OS: " + info.os() + "; load average at start: " + info.load());
    line("- JDK: " + info.jdk());
    line("- J-NVM gateway backend (`Pmem`): " + info.gateway());
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
    ratio(targets, workloads, mine, Targets.FILE_STORE, "the file store (SoftIndexFileStore)");
    ratio(targets, workloads, mine, Targets.VOLATILE, "volatile Infinispan");
    latency(targets, workloads, mine);
  }

  private void table(
      List<String> targets,
      List<String> workloads,
      List<ResultsFile.Row> mine,
      ToDoubleFunction<ResultsFile.Row> value,
      String fmt) {
    line("");
    line("| workload | " + String.join(" | ", targets) + " |");
    line("|---|" + "---:|".repeat(targets.size()));
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
    line("| workload | " + String.join(" | ", targets) + " |");
    line("|---|" + "---:|".repeat(targets.size()));
    for (String w : workloads) {
      ResultsFile.Row b = first(mine, base, w);
      List<String> cells = new ArrayList<>();
      for (String t : targets) {
        ResultsFile.Row r = first(mine, t, w);
        cells.add(
            r == null || b == null
                ? "-"
                : String.format(Locale.ROOT, "%.2fx", r.throughput() / b.throughput()));
      }
      line("| " + name(w) + " | " + String.join(" | ", cells) + " |");
    }
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

  private static ResultsFile.Row first(List<ResultsFile.Row> rows, String target, String w) {
    return rows.stream()
        .filter(r -> r.target().equals(target) && r.workload().equals(w))
        .findFirst()
        .orElse(null);
  }

  private static List<String> present(
      List<ResultsFile.Row> rows, java.util.function.Function<ResultsFile.Row, String> f) {
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

  private static String us(double v) {
    return Double.isNaN(v) ? "-" : String.format(Locale.ROOT, "%.0f", v);
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}
