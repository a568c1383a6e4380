package org.jnvm.bench.report;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.jnvm.bench.recovery.RecoveryRun;

/**
 * The recovery section: per heap size and thread count, the first run (for the first heap size,
 * with a cold JIT, as after a real restart), the median and the best rate, the median judged
 * against the target.
 */
final class RecoveryTable {
  private final Map<String, List<RecoveryRun>> groups = new LinkedHashMap<>();
  private final double target;

  RecoveryTable(List<RecoveryRun> runs, double target) {
    for (RecoveryRun r : runs) {
      groups.computeIfAbsent(r.cells() + "/" + r.threads(), k -> new ArrayList<>()).add(r);
    }
    this.target = target;
  }

  void appendTo(StringBuilder md) {
    md.append("## Recovery (live objects recovered per second, higher is better)\n\n");
    md.append("| cells | threads | runs | live objects | first run | median | best |");
    md.append(" target | verdict |\n");
    md.append("|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for (List<RecoveryRun> g : groups.values()) md.append(row(g)).append('\n');
    md.append("\nAll runs share one JVM, thread counts interleaved. Only the first run of the")
        .append(" first heap size starts with a cold JIT, as after a real restart; later runs use")
        .append(" code that earlier ones compiled. The target is judged on the median.\n\n");
  }

  String row(List<RecoveryRun> g) {
    RecoveryRun first = g.get(0);
    double[] rates = g.stream().mapToDouble(RecoveryRun::objectsPerSecond).sorted().toArray();
    double median = median(rates);
    return String.format(
        Locale.ROOT,
        "| %,d | %d | %d | %,d | %s | %s | %s | ≥ %s | %s |",
        first.cells(),
        first.threads(),
        g.size(),
        first.liveObjects(),
        Format.rate(first.objectsPerSecond()),
        Format.rate(median),
        Format.rate(rates[rates.length - 1]),
        Format.rate(target),
        median >= target ? "met" : "missed");
  }

  static double median(double[] sorted) {
    int n = sorted.length;
    return n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
  }
}
