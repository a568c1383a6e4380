package org.jnvm.crucial.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * The benchmark's PNG: grouped bar panels stacked vertically (XChart, headless), categories along x
 * and one bar per series in each. A panel with whiskers (p99 over p50 latencies) is drawn as two
 * panels, p50 then p99: bar charts' error bars are symmetric, and p99 is not p50 plus or minus
 * anything.
 */
final class Chart {
  /** One panel; {@code values[s][c]} is series s in category c; whiskers may be null. */
  record Panel(
      String title,
      String unit,
      List<String> categories,
      List<String> series,
      double[][] values,
      double[][] whiskers,
      boolean log) {}

  private static final int W = 1000;
  private static final int H = 360;

  private Chart() {}

  static void render(List<Panel> panels, Path png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    List<CategoryChart> charts = new ArrayList<>();
    for (Panel p : panels) {
      if (p.categories().isEmpty() || p.series().isEmpty()) continue; // nothing was measured
      if (p.whiskers() == null) {
        charts.add(chart(p, p.title(), p.values()));
      } else {
        charts.add(chart(p, p.title() + ", p50", p.values()));
        charts.add(chart(p, p.title() + ", p99", p.whiskers()));
      }
    }
    if (charts.isEmpty()) return;
    BitmapEncoder.saveBitmap(
        charts, charts.size(), 1, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }

  private static CategoryChart chart(Panel p, String title, double[][] values) {
    CategoryChart c =
        new CategoryChartBuilder().width(W).height(H).title(title).yAxisTitle(p.unit()).build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    double min = Double.MAX_VALUE;
    for (int s = 0; s < p.series().size(); s++) {
      List<Double> ys = new ArrayList<>();
      for (int k = 0; k < p.categories().size(); k++) {
        double v = values[s][k];
        ys.add(v > 0 ? v : null); // missing (or not measured): no bar
        if (v > 0) min = Math.min(min, v);
      }
      c.addSeries(p.series().get(s), p.categories(), ys);
    }
    if (p.log() && min < Double.MAX_VALUE) {
      c.getStyler().setYAxisLogarithmic(true);
      c.getStyler().setYAxisMin(Math.pow(10, Math.floor(Math.log10(min))));
    }
    return c;
  }
}
