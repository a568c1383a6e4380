package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark's chart: a latency panel with p99 whiskers becomes two panels (p50, p99) on a log
 * axis, a value not measured (-1) draws no bar, and a panel with nothing measured is left out.
 */
class ChartTest {
  @TempDir Path dir;

  @Test
  void panelsStackWithWhiskersAsTheirOwnPanelAndMissingValuesLeftOut() throws Exception {
    List<String> ops = List.of("get", "put", "incr");
    Chart.Panel latency =
        new Chart.Panel(
            "Latency",
            "microseconds",
            ops,
            List.of("DSO", "Redis"),
            new double[][] {{40, 55, 60}, {17, -1, 18}},
            new double[][] {{90, 120, 130}, {30, -1, 35}},
            true);
    Chart.Panel empty =
        new Chart.Panel(
            "Monte Carlo", "Mpoints/s", List.of(), List.of(), new double[0][0], null, false);
    Chart.Panel shipped =
        new Chart.Panel(
            "Shipped",
            "ops/s",
            List.of("10k"),
            List.of("a", "b"),
            new double[][] {{5}, {7}},
            null,
            false);
    Path png = dir.resolve("chart.png");
    Chart.render(List.of(latency, empty, shipped), png);
    BufferedImage img = ImageIO.read(png.toFile());
    assertFalse(img == null, "a PNG image");
    assertEquals(1000, img.getWidth());
    assertEquals(3 * 360, img.getHeight(), "p50, p99 and the shipped panel");
    assertEquals(1, Files.list(dir).count(), "one file, named as asked");
  }
}
