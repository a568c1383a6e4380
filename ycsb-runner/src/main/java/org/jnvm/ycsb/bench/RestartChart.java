package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * {@code chart.png} of {@code bin/jnvm bench --restart} (XChart, headless): time from the start of
 * the open call to the open's end, to the first read and to 90% of steady reads, against the
 * entries, one line per backend, both axes on log scales.
 */
final class RestartChart {
  private static final int W = 900;
  private static final int H = 360;
  private static final List<String> PANELS = List.of("open_ms", "first_read_ms", "steady90_ms");
  private static final List<String> TITLES =
      List.of("Open (cache or heap start)", "First read answered", "90% of steady reads");

  private RestartChart() {}

  static void write(List<RestartFile.Row> rows, Path file) {
    List<RestartFile.Row> done = rows.stream().filter(r -> r.failure() == null).toList();
    if (done.isEmpty()) return;
    System.setProperty("java.awt.headless", "true");
    List<XYChart> panels = new ArrayList<>();
    for (int i = 0; i < PANELS.size(); i++) panels.add(panel(done, PANELS.get(i), TITLES.get(i)));
    try {
      BitmapEncoder.saveBitmap(
          panels, panels.size(), 1, file.toString(), BitmapEncoder.BitmapFormat.PNG);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the chart: file=" + file, e);
    }
  }

  private static XYChart panel(List<RestartFile.Row> rows, String figure, String title) {
    XYChart c =
        new XYChartBuilder()
            .width(W)
            .height(H)
            .title(title + " after SIGKILL, ms from the open call's start")
            .xAxisTitle("entries")
            .yAxisTitle("ms")
            .build();
    c.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
    c.getStyler().setXAxisLogarithmic(true);
    c.getStyler().setYAxisLogarithmic(true);
    for (String t : rows.stream().map(RestartFile.Row::target).distinct().toList()) {
      List<RestartFile.Row> mine =
          rows.stream().filter(r -> r.target().equals(t) && r.num(figure) > 0).toList();
      if (mine.isEmpty()) continue;
      c.addSeries(
          t,
          mine.stream().mapToDouble(RestartFile.Row::records).toArray(),
          mine.stream().mapToDouble(r -> r.num(figure)).toArray());
    }
    return c;
  }
}
