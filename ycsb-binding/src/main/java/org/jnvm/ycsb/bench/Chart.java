package org.jnvm.ycsb.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import javax.imageio.ImageIO;

/**
 * The PNG chart: one panel per thread count, throughput per workload as grouped bars (one colour
 * per backend) on a log scale, drawn with Java2D (headless).
 */
final class Chart {
  private static final int PANEL_W = 900;
  private static final int PANEL_H = 360;
  private static final int LEFT = 70;
  private static final int RIGHT = 190;
  private static final int TOP = 40;
  private static final int BOTTOM = 40;
  private static final Color[] PALETTE = {
    new Color(0x4e79a7), new Color(0xf28e2b), new Color(0xe15759), new Color(0x76b7b2),
    new Color(0x59a14f), new Color(0xedc948), new Color(0xb07aa1), new Color(0x9c755f)
  };

  private Chart() {}

  static void write(List<ResultsFile.Row> rows, RunInfo info, Path file) {
    System.setProperty("java.awt.headless", "true");
    List<Integer> threads =
        rows.stream().map(ResultsFile.Row::threads).distinct().sorted().toList();
    List<String> targets = rows.stream().map(ResultsFile.Row::target).distinct().toList();
    BufferedImage img =
        new BufferedImage(PANEL_W, PANEL_H * threads.size(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    for (int i = 0; i < threads.size(); i++) {
      int t = threads.get(i);
      List<ResultsFile.Row> mine =
          rows.stream().filter(r -> r.threads() == t && !r.workload().equals("load")).toList();
      panel(g, 0, i * PANEL_H, mine, targets, t, info);
    }
    g.dispose();
    try {
      ImageIO.write(img, "png", file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the chart: file=" + file, e);
    }
  }

  private static void panel(
      Graphics2D g,
      int x0,
      int y0,
      List<ResultsFile.Row> rows,
      List<String> targets,
      int threads,
      RunInfo info) {
    List<String> workloads =
        Report.order(rows.stream().map(ResultsFile.Row::workload).distinct().toList());
    double max = rows.stream().mapToDouble(ResultsFile.Row::throughput).max().orElse(10);
    double min = rows.stream().mapToDouble(ResultsFile.Row::throughput).min().orElse(1);
    int lo = (int) Math.floor(Math.log10(Math.max(1, min)));
    int hi = (int) Math.ceil(Math.log10(Math.max(10, max)));
    if (hi == lo) hi++;
    int plotW = PANEL_W - LEFT - RIGHT;
    int plotH = PANEL_H - TOP - BOTTOM;
    int baseY = y0 + TOP + plotH;
    g.setColor(Color.BLACK);
    g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
    g.drawString(
        String.format(
            Locale.ROOT,
            "YCSB throughput (ops/s, log scale), %d thread%s, %,d records",
            threads,
            threads == 1 ? "" : "s",
            info.options().records),
        x0 + LEFT,
        y0 + 22);
    g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    for (int d = lo; d <= hi; d++) {
      int y = baseY - (d - lo) * plotH / (hi - lo);
      g.setColor(new Color(0xdddddd));
      g.drawLine(x0 + LEFT, y, x0 + LEFT + plotW, y);
      g.setColor(Color.DARK_GRAY);
      g.drawString(label(Math.pow(10, d)), x0 + 8, y + 4);
    }
    int groupW = plotW / Math.max(1, workloads.size());
    int barW = Math.max(3, (groupW - 16) / Math.max(1, targets.size()));
    for (int wi = 0; wi < workloads.size(); wi++) {
      String w = workloads.get(wi);
      int gx = x0 + LEFT + wi * groupW + 8;
      for (int ti = 0; ti < targets.size(); ti++) {
        String t = targets.get(ti);
        ResultsFile.Row r =
            rows.stream()
                .filter(x -> x.target().equals(t) && x.workload().equals(w))
                .findFirst()
                .orElse(null);
        if (r == null) continue;
        double v = Math.log10(Math.max(1, r.throughput()));
        int h = (int) Math.round((v - lo) * plotH / (hi - lo));
        g.setColor(PALETTE[ti % PALETTE.length]);
        g.fillRect(gx + ti * barW, baseY - h, barW - 1, h);
      }
      g.setColor(Color.BLACK);
      g.drawString(Report.name(w), gx + groupW / 2 - 8, baseY + 16);
    }
    g.setStroke(new BasicStroke(1f));
    g.drawLine(x0 + LEFT, baseY, x0 + LEFT + plotW, baseY);
    for (int ti = 0; ti < targets.size(); ti++) {
      int ly = y0 + TOP + 10 + ti * 20;
      g.setColor(PALETTE[ti % PALETTE.length]);
      g.fillRect(x0 + PANEL_W - RIGHT + 15, ly - 10, 14, 14);
      g.setColor(Color.BLACK);
      g.drawString(targets.get(ti), x0 + PANEL_W - RIGHT + 35, ly + 2);
    }
  }

  private static String label(double v) {
    if (v >= 1e6) return String.format(Locale.ROOT, "%.0fM", v / 1e6);
    if (v >= 1e3) return String.format(Locale.ROOT, "%.0fk", v / 1e3);
    return String.format(Locale.ROOT, "%.0f", v);
  }
}
