package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jnvm.ycsb.Dirs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --scale} end to end on tiny sizes: every backend grows through both sizes and
 * measures both workloads, the bounded container grows with the data set, the report and the charts
 * are written, and no file is left behind.
 */
class ScaleRunTest {
  private static final List<String> BACKENDS =
      List.of("volatile", "jpdt", "volatile-map", "jpdt-map");

  @TempDir Path out;

  @Test
  void everyBackendGrowsThroughEverySize() throws Exception {
    Path heapDir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-scale-run-");
    try {
      Options o =
          Options.parse(
              new String[] {
                "--scale",
                "--sizes",
                "0.002,0.004",
                "--seconds",
                "0.3",
                "--warmup",
                "0",
                "--backends",
                String.join(",", BACKENDS),
                "--heap-dir",
                heapDir.toString(),
                "--out",
                out.toString()
              });
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      boolean ok = Scale.run(o, new PrintStream(console, true, StandardCharsets.UTF_8));
      String printed = console.toString(StandardCharsets.UTF_8);
      assertTrue(ok, () -> printed);
      try (Stream<Path> left = Files.list(heapDir)) {
        assertEquals(List.of(), left.toList(), "files left in the heap directory");
      }
      checkPoints();
      String md = Files.readString(out.resolve("report.md"));
      assertTrue(md.contains("| data set, GB | " + String.join(" | ", BACKENDS) + " |"), md);
      assertTrue(md.contains("## Workload F") && md.contains("## Workload A"), md);
      assertTrue(md.contains("| 0.004 |"), md);
      for (String png : List.of("throughput.png", "gc.png")) {
        byte[] b = Files.readAllBytes(out.resolve(png));
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(b, 4), png);
      }
    } finally {
      Dirs.deleteTree(heapDir);
    }
  }

  private void checkPoints() {
    List<ScaleFile.Point> points = ScaleFile.read(out.resolve("scale.tsv"));
    assertEquals(BACKENDS.size() * 2 * 2, points.size(), () -> "points: " + points);
    for (ScaleFile.Point p : points) {
      assertTrue(p.throughput() > 0 && p.ops() > 0, () -> "no throughput: " + p);
      assertTrue(p.liveHeapMb() > 0 && p.rssMb() > 0, () -> "no memory figures: " + p);
      // Measured (NaN when YCSB reported none); 0 is a real figure: YCSB's histogram counts whole
      // microseconds, and the J-PDT map's p99 falls under one on a fast JDK.
      assertTrue(!Double.isNaN(p.p99Us()) && p.p99Us() >= 0, () -> "no latency: " + p);
      switch (p.target()) {
        case "volatile", "volatile-map" -> assertEquals(p.records(), p.entries(), p.toString());
        // a tenth in memory, at each size: the bound grew with the data set (200, then 400)
        case "jpdt" ->
            assertTrue(
                p.entries() > p.records() / 20 && p.entries() <= p.records() / 10,
                () -> "bounded container not resized: " + p);
        default -> assertEquals(-1, p.entries(), p.toString());
      }
    }
  }
}
