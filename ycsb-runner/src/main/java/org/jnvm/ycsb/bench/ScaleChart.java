package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The charts of {@code bin/jnvm bench --scale} (XChart, headless): {@code throughput.png} (K ops/s
 * against the data set's size, a panel per workload) and {@code gc.png} (GC pause share and longest
 * pause against size), one line per backend, sizes evenly apart by rank.
 */
final class ScaleChart {
  private static final int W = 900;
  private static final int H = 380;

  private ScaleChart() {}

  static void write(List<ScaleFile.Point> points, Path dir) {
    if (points.isEmpty()) return;
    System.setProperty("java.awt.headless", "true");
    List<String> workloads = points.stream().map(ScaleFile.Point::workload).distinct().toList();
    List<XYChart> tput = new ArrayList<>();
    List<XYChart> gc = new ArrayList<>();
    for (String w : workloads) {
      String name = w.toUpperCase(Locale.ROOT);
      tput.add(
          panel(
              points,
              w,
              "Workload " + name + ": throughput",
              "K ops/s",
              p -> p.throughput() / 1e3));
      gc.add(
          panel(
              points,
              w,
              "Workload " + name + ": GC pauses",
              "% of the run",
              ScaleFile.Point::pausePercent));
      gc.add(
          panel(
              points, w, "Workload " + name + ": longest GC pause", "ms", p -> p.longestPauseMs()));
    }
    save(tput, 1, dir.resolve("throughput.png"));
    save(gc, 2, dir.resolve("gc.png"));
  }

  private static XYChart panel(
      List<ScaleFile.Point> points,
      String w,
      String title,
      String yTitle,
      ToDoubleFunction<ScaleFile.Point> y) {
    XYChart c =
        new XYChartBuilder()
            .width(W)
            .height(H)
            .title(title)
            .xAxisTitle("data set, GB")
            .yAxisTitle(yTitle)
            .build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    // x is the size's rank: the (mostly doubling) steps sit evenly apart, labelled with their size
    List<Long> sizes = points.stream().map(ScaleFile.Point::records).distinct().sorted().toList();
    c.getStyler().setxAxisTickLabelsFormattingFunction(x -> sizeLabel(sizes, x));
    c.getStyler().setXAxisMin(0.0);
    c.getStyler().setXAxisMax(sizes.size() - 1.0);
    boolean severalGcs = points.stream().map(ScaleFile.Point::gc).distinct().count() > 1;
    List<String> series = points.stream().map(p -> p.series(severalGcs)).distinct().toList();
    for (String s : series) {
      List<ScaleFile.Point> mine =
          points.stream()
              .filter(p -> p.workload().equals(w) && p.series(severalGcs).equals(s))
              .toList();
      if (mine.isEmpty()) continue;
      c.addSeries(
          s,
          mine.stream().mapToDouble(p -> sizes.indexOf(p.records())).toArray(),
          mine.stream().mapToDouble(y).toArray());
    }
    return c;
  }

  /** The label of tick {@code x}: the size of that rank, none between ranks. */
  static String sizeLabel(List<Long> sizes, double x) {
    long i = Math.round(x);
    if (Math.abs(x - i) > 1e-6 || i < 0 || i >= sizes.size()) return "";
    return ScalePlan.gb(sizes.get((int) i));
  }

  private static void save(List<XYChart> panels, int columns, Path file) {
    int rows = (panels.size() + columns - 1) / columns;
    try {
      BitmapEncoder.saveBitmap(
          panels, rows, columns, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the chart: file=" + file, e);
    }
  }
}
