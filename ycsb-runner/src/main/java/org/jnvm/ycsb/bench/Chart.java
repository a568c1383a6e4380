package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The PNG chart: one panel per thread count, throughput per workload as grouped bars (one colour
 * per backend) on a log scale (XChart, headless).
 */
final class Chart {
  private static final int W = 900;
  private static final int H = 360;

  private Chart() {}

  static void write(List<ResultsFile.Row> rows, RunInfo info, Path file) {
    System.setProperty("java.awt.headless", "true");
    List<Integer> threads =
        rows.stream().map(ResultsFile.Row::threads).distinct().sorted().toList();
    List<String> targets = rows.stream().map(ResultsFile.Row::target).distinct().toList();
    List<CategoryChart> panels = new ArrayList<>();
    for (int t : threads) {
      List<ResultsFile.Row> mine =
          rows.stream().filter(r -> r.threads() == t && !r.workload().equals("load")).toList();
      if (!mine.isEmpty()) panels.add(panel(mine, targets, t, info));
    }
    if (panels.isEmpty()) return;
    try {
      BitmapEncoder.saveBitmap(
          panels, panels.size(), 1, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the chart: file=" + file, e);
    }
  }

  private static CategoryChart panel(
      List<ResultsFile.Row> rows, List<String> targets, int threads, RunInfo info) {
    List<String> workloads =
        Report.order(rows.stream().map(ResultsFile.Row::workload).distinct().toList());
    CategoryChart c =
        new CategoryChartBuilder()
            .width(W)
            .height(H)
            .title(
                String.format(
                    Locale.ROOT,
                    "YCSB throughput (ops/s, log scale), %d thread%s, %,d records",
                    threads,
                    threads == 1 ? "" : "s",
                    info.options().records))
            .yAxisTitle("ops/s")
            .build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    c.getStyler().setYAxisLogarithmic(true);
    double min =
        rows.stream().mapToDouble(ResultsFile.Row::throughput).filter(v -> v > 0).min().orElse(1);
    c.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
    List<String> names = workloads.stream().map(Report::name).toList();
    for (String t : targets) {
      List<Double> ys = new ArrayList<>();
      for (String w : workloads) ys.add(throughput(rows, t, w));
      if (ys.stream().anyMatch(v -> v != null)) c.addSeries(t, names, ys);
    }
    return c;
  }

  /** The target's throughput on workload {@code w}, or null (not run: no bar). */
  private static Double throughput(List<ResultsFile.Row> rows, String target, String w) {
    return rows.stream()
        .filter(r -> r.target().equals(target) && r.workload().equals(w) && r.throughput() > 0)
        .map(ResultsFile.Row::throughput)
        .findFirst()
        .orElse(null);
  }
}
