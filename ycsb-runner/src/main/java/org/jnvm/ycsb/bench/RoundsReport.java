package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Function;

/**
 * The summary of {@code bin/jnvm bench --rounds N}: the comparison run N times in a row, each round
 * a whole run with its own report. On a shared machine one run's ratio moves by tens of percent
 * from run to run (a neighbour's load, two vCPUs far apart for a unit), so a single run's ratio
 * says little. Each ratio here is taken within one round (the two rows ran minutes apart at most),
 * and the summary gives, per thread count, its median over the rounds and its range; throughput
 * likewise. A round whose row is missing (a failed child) leaves that cell fewer values, and the
 * cell says how many it has.
 */
final class RoundsReport {
  private final List<List<ResultsFile.Row>> rounds;
  private final StringBuilder md = new StringBuilder();

  RoundsReport(List<List<ResultsFile.Row>> rounds) {
    this.rounds = rounds;
  }

  /** The summary of the rounds whose results files are {@code files}, in round order. */
  static RoundsReport read(List<Path> files) {
    List<List<ResultsFile.Row>> rounds = new ArrayList<>();
    for (Path f : files) rounds.add(f.toFile().exists() ? ResultsFile.read(f) : List.of());
    return new RoundsReport(rounds);
  }

  String markdown() {
    md.setLength(0);
    line("# YCSB over " + rounds.size() + " rounds: medians and ranges");
    line("");
    line(
        "Each round is a whole run (`round-K/report.md`). A ratio is taken within each round, then"
            + " summarised as median (lowest-highest) over the rounds.");
    for (int threads : present(ResultsFile.Row::threads).stream().sorted().toList()) {
      section(threads);
    }
    return md.toString();
  }

  private void section(int threads) {
    List<String> targets = present(r -> r.threads() == threads ? r.target() : null);
    List<String> workloads =
        Report.order(present(r -> r.threads() == threads ? r.workload() : null));
    line("");
    line("## " + threads + (threads == 1 ? " client thread" : " client threads"));
    line("");
    line("Throughput, K ops/s:");
    table(targets, workloads, (round, t, w) -> kops(round, threads, t, w), "%.1f");
    for (Report.Base b : Report.BASES) {
      if (!targets.contains(b.target())) continue;
      line("");
      line("Throughput ratio against " + b.what() + " (`" + b.target() + "`):");
      table(targets, workloads, (round, t, w) -> ratio(round, threads, t, b.target(), w), "%.2fx");
    }
    List<String> pfa = Report.pfaRows(targets);
    if (pfa.isEmpty()) return;
    line("");
    line(Report.PFA_TITLE);
    table(
        pfa,
        workloads,
        (round, t, w) -> ratio(round, threads, t, Report.PFA_PAIRS.get(t), w),
        "%.2fx");
  }

  /** One round's value for a target and workload, or NaN where a row is missing. */
  private interface Value {
    double of(List<ResultsFile.Row> round, String target, String workload);
  }

  private void table(List<String> targets, List<String> workloads, Value value, String fmt) {
    line("");
    line("| workload | " + String.join(" | ", targets) + " |");
    line("|---|" + "---:|".repeat(targets.size()));
    for (String w : workloads) {
      List<String> cells = new ArrayList<>();
      for (String t : targets) {
        double[] v =
            rounds.stream()
                .mapToDouble(r -> value.of(r, t, w))
                .filter(d -> !Double.isNaN(d))
                .toArray();
        cells.add(summary(v, fmt, rounds.size()));
      }
      line("| " + Report.name(w) + " | " + String.join(" | ", cells) + " |");
    }
  }

  /** "median (lowest-highest)", with the count of values when rounds are missing; "-" if none. */
  static String summary(double[] values, String fmt, int rounds) {
    if (values.length == 0) return "-";
    double[] v = values.clone();
    Arrays.sort(v);
    String s =
        String.format(Locale.ROOT, fmt, median(v))
            + " ("
            + String.format(Locale.ROOT, fmt, v[0])
            + "-"
            + String.format(Locale.ROOT, fmt, v[v.length - 1]);
    return s + (v.length < rounds ? ", " + v.length + " of " + rounds + " rounds)" : ")");
  }

  /** The median of sorted values (the mean of the middle two for an even count). */
  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }

  private static double kops(List<ResultsFile.Row> round, int threads, String t, String w) {
    ResultsFile.Row r = Report.first(of(round, threads), t, w);
    return r == null ? Double.NaN : r.throughput() / 1e3;
  }

  private static double ratio(
      List<ResultsFile.Row> round, int threads, String t, String base, String w) {
    List<ResultsFile.Row> mine = of(round, threads);
    ResultsFile.Row r = Report.first(mine, t, w);
    ResultsFile.Row b = Report.first(mine, base, w);
    if (r == null || b == null || !(b.throughput() > 0)) return Double.NaN;
    return r.throughput() / b.throughput();
  }

  private static List<ResultsFile.Row> of(List<ResultsFile.Row> round, int threads) {
    return round.stream().filter(r -> r.threads() == threads).toList();
  }

  /** The distinct non-null values of {@code f} over every round's rows, in first-seen order. */
  private <T> List<T> present(Function<ResultsFile.Row, T> f) {
    Set<T> seen = new LinkedHashSet<>();
    for (List<ResultsFile.Row> round : rounds) {
      for (ResultsFile.Row r : round) {
        T v = f.apply(r);
        if (v != null) seen.add(v);
      }
    }
    return new ArrayList<>(seen);
  }

  private void line(String s) {
    md.append(s).append('\n');
  }
}
