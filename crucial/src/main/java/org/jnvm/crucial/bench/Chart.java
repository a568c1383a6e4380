package org.jnvm.crucial.bench;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;

/**
 * A small grouped bar chart renderer (Java2D, headless): panels stacked vertically, each with
 * categories along x, one bar per series in each category, an optional whisker per bar (p99 over a
 * p50 bar) and a linear or log10 y axis.
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
  private static final int LEFT = 80;
  private static final int RIGHT = 210;
  private static final int TOP = 40;
  private static final int BOTTOM = 50;
  private static final Color[] PALETTE = {
    new Color(0x4C72B0), new Color(0xDD8452), new Color(0x55A868), new Color(0xC44E52),
    new Color(0x8172B3), new Color(0x937860), new Color(0xDA8BC3), new Color(0x8C8C8C)
  };

  private Chart() {}

  static void render(List<Panel> panels, Path png) throws IOException {
    System.setProperty("java.awt.headless", "true");
    BufferedImage img = new BufferedImage(W, H * panels.size(), BufferedImage.TYPE_INT_RGB);
    Graphics2D g = img.createGraphics();
    g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
    g.setRenderingHint(
        RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
    g.setColor(Color.WHITE);
    g.fillRect(0, 0, img.getWidth(), img.getHeight());
    for (int i = 0; i < panels.size(); i++) {
      Graphics2D p = (Graphics2D) g.create(0, i * H, W, H);
      new PanelPainter(panels.get(i), p).paint();
      p.dispose();
    }
    g.dispose();
    ImageIO.write(img, "png", png.toFile());
  }

  /** Paints one panel: axes and ticks, bars, whiskers, labels, legend. */
  private static final class PanelPainter {
    private final Panel p;
    private final Graphics2D g;
    private final double lo;
    private final double hi;
    private final int plotW = W - LEFT - RIGHT;
    private final int plotH = H - TOP - BOTTOM;

    PanelPainter(Panel p, Graphics2D g) {
      this.p = p;
      this.g = g;
      double max = 0;
      double min = Double.MAX_VALUE;
      for (int s = 0; s < p.series().size(); s++) {
        for (int c = 0; c < p.categories().size(); c++) {
          max = Math.max(max, top(s, c));
          if (p.values()[s][c] > 0) {
            min = Math.min(min, p.values()[s][c]);
          }
        }
      }
      if (p.log()) {
        lo = Math.floor(Math.log10(min == Double.MAX_VALUE ? 1 : min));
        hi = Math.max(lo + 1, Math.ceil(Math.log10(Math.max(max, 1e-9))));
      } else {
        lo = 0;
        hi = niceStep(max <= 0 ? 1 : max * 1.05 / 5) * 5;
      }
    }

    /** The smallest 1, 2 or 5 x 10^k at least {@code raw}: round tick steps. */
    private static double niceStep(double raw) {
      double p = Math.pow(10, Math.floor(Math.log10(raw)));
      for (double m : new double[] {1, 2, 5, 10}) {
        if (m * p >= raw) {
          return m * p;
        }
      }
      return 10 * p;
    }

    private double top(int s, int c) {
      double v = p.values()[s][c];
      return p.whiskers() == null ? v : Math.max(v, p.whiskers()[s][c]);
    }

    private int y(double v) {
      double t = p.log() ? (Math.log10(Math.max(v, Math.pow(10, lo))) - lo) : v;
      return TOP + plotH - (int) Math.round(plotH * t / (hi - lo));
    }

    void paint() {
      g.setColor(Color.BLACK);
      g.setFont(new Font(Font.SANS_SERIF, Font.BOLD, 15));
      g.drawString(p.title(), LEFT, 24);
      g.setFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
      axes();
      bars();
      legend();
    }

    private void axes() {
      g.setColor(Color.BLACK);
      g.drawLine(LEFT, TOP, LEFT, TOP + plotH);
      g.drawLine(LEFT, TOP + plotH, LEFT + plotW, TOP + plotH);
      int ticks = p.log() ? (int) (hi - lo) : 5;
      for (int i = 0; i <= ticks; i++) {
        double v = p.log() ? Math.pow(10, lo + i) : lo + (hi - lo) * i / ticks;
        int yy = y(v);
        g.setColor(new Color(0xE0E0E0));
        g.drawLine(LEFT + 1, yy, LEFT + plotW, yy);
        g.setColor(Color.BLACK);
        String label = v >= 100 ? String.format("%.0f", v) : String.format("%.3g", v);
        g.drawString(label, LEFT - 8 - g.getFontMetrics().stringWidth(label), yy + 4);
      }
      g.rotate(-Math.PI / 2);
      g.drawString(p.unit() + (p.log() ? " (log)" : ""), -(TOP + plotH / 2 + 40), 16);
      g.rotate(Math.PI / 2);
    }

    private void bars() {
      int nc = p.categories().size();
      int ns = p.series().size();
      int groupW = plotW / nc;
      int barW = Math.max(4, (groupW - 20) / ns);
      for (int c = 0; c < nc; c++) {
        int x0 = LEFT + c * groupW + 10;
        for (int s = 0; s < ns; s++) {
          double v = p.values()[s][c];
          int x = x0 + s * barW;
          int yy = y(v);
          g.setColor(PALETTE[s % PALETTE.length]);
          g.fillRect(x, yy, barW - 2, TOP + plotH - yy);
          if (p.whiskers() != null) {
            int yw = y(p.whiskers()[s][c]);
            g.setColor(Color.BLACK);
            g.setStroke(new BasicStroke(1.5f));
            g.drawLine(x + barW / 2 - 1, yy, x + barW / 2 - 1, yw);
            g.drawLine(x + barW / 2 - 5, yw, x + barW / 2 + 3, yw);
          }
        }
        g.setColor(Color.BLACK);
        String cat = p.categories().get(c);
        int cw = g.getFontMetrics().stringWidth(cat);
        g.drawString(cat, LEFT + c * groupW + (groupW - cw) / 2, TOP + plotH + 18);
      }
    }

    private void legend() {
      int x = LEFT + plotW + 15;
      for (int s = 0; s < p.series().size(); s++) {
        int yy = TOP + 10 + s * 20;
        g.setColor(PALETTE[s % PALETTE.length]);
        g.fillRect(x, yy - 10, 12, 12);
        g.setColor(Color.BLACK);
        g.drawString(p.series().get(s), x + 18, yy);
      }
      if (p.whiskers() != null) {
        g.drawString("bar: p50, whisker: p99", x, TOP + 20 + p.series().size() * 20);
      }
    }
  }
}
