package org.jnvm.tpcb;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.knowm.xchart.AnnotationLine;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** The PNG line chart of committed transactions per second, one line per backend, kill marked. */
final class TimelineChart {
  /** Distinct colours, one per backend in order (XChart's default repeats yellow-ish tones). */
  private static final java.awt.Color[] PALETTE = {
    new java.awt.Color(0x1f77b4),
    new java.awt.Color(0x7f7f7f),
    new java.awt.Color(0x9467bd),
    new java.awt.Color(0x2ca02c),
    new java.awt.Color(0xd62728),
    new java.awt.Color(0xff7f0e),
    new java.awt.Color(0x8c564b),
    new java.awt.Color(0x17becf)
  };

  private TimelineChart() {}

  static void write(List<RunResult> results, RunSettings s, Path png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    XYChart chart =
        new XYChartBuilder()
            .width(1000)
            .height(520)
            .title(
                "TPC-B on Infinispan: committed transactions per second, SIGKILL at "
                    + s.crashAt()
                    + " s")
            .xAxisTitle("second of the run")
            .yAxisTitle("committed tx/s")
            .build();
    chart.getStyler().setYAxisDecimalPattern("#,###");
    chart.getStyler().setSeriesColors(PALETTE);
    chart.getStyler().setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.OutsideE);
    for (RunResult r : results) {
      if (r.perSecond().length == 0) continue;
      double[] x = new double[r.perSecond().length];
      double[] y = new double[x.length];
      for (int i = 0; i < x.length; i++) {
        x[i] = i;
        y[i] = r.perSecond()[i];
      }
      XYSeries series = chart.addSeries(r.backend(), x, y);
      series.setMarker(SeriesMarkers.NONE);
    }
    if (s.kills()) chart.addAnnotation(new AnnotationLine(s.crashAt(), true, false));
    BitmapEncoder.saveBitmap(chart, png.toString(), BitmapEncoder.BitmapFormat.PNG);
  }
}
