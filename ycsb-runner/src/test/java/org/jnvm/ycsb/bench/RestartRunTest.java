package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
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
 * {@code bench --restart} end to end on a few hundred entries: each backend is loaded, killed in
 * its write load after acknowledging writes, restarted and checked with nothing lost; the report
 * and the chart are written and no file is left behind. Asserts no time and no rate.
 */
class RestartRunTest {
  /** A J-PDT map, the J-NVM store, and the new row: volatile Infinispan preloaded from SIFS. */
  private static final List<String> BACKENDS = List.of("jpdt-map", "jpdt-all", "volatile-sifs");

  private static final long ENTRIES = 300;

  @TempDir Path out;

  @Test
  void everyBackendRestartsWithEveryAcknowledgedWrite() throws Exception {
    Path heapDir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-restart-run-");
    try {
      Options o =
          Options.parse(
              new String[] {
                "--restart",
                "--sizes",
                Long.toString(ENTRIES),
                "--seconds",
                "1.2",
                "--backends",
                String.join(",", BACKENDS),
                "--heap-dir",
                heapDir.toString(),
                "--out",
                out.toString()
              });
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      boolean ok = Restart.run(o, new PrintStream(console, true, StandardCharsets.UTF_8));
      String printed = console.toString(StandardCharsets.UTF_8);
      assertTrue(ok, () -> printed);
      try (Stream<Path> left = Files.list(heapDir)) {
        assertEquals(List.of(), left.toList(), "files left in the heap directory");
      }
      try (Stream<Path> logs = Files.list(out.resolve("logs"))) {
        assertTrue(
            logs.noneMatch(p -> p.toString().endsWith(".acked")), "acknowledgement files left");
      }
      checkRows(RestartFile.read(out.resolve("restart.tsv")));
      String md = Files.readString(out.resolve("report.md"));
      for (String b : BACKENDS) assertTrue(md.contains("| " + b + " | 300 |"), md);
      byte[] png = Files.readAllBytes(out.resolve("chart.png"));
      assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
    } finally {
      Dirs.deleteTree(heapDir);
    }
  }

  private static void checkRows(List<RestartFile.Row> rows) {
    assertEquals(BACKENDS, rows.stream().map(RestartFile.Row::target).toList());
    for (RestartFile.Row r : rows) {
      assertNull(r.failure(), r::toString);
      assertTrue(r.num("acked_writes") > 0, () -> "killed before any write: " + r);
      // every loaded key, and the keys the write load inserted (every other write)
      assertTrue(r.num("checked") >= ENTRIES + r.num("acked_writes") / 2 - 1, r::toString);
      assertEquals(0, r.num("lost"), r::toString);
      assertEquals(0, r.num("reads_failed"), r::toString);
      assertTrue(r.num("first_read_ms") > 0 && r.num("steady90_ms") > 0, r::toString);
      assertTrue(r.num("steady_reads_per_s") > 0 && r.num("warm_reads_per_s") > 0, r::toString);
      assertTrue(r.num("heap_mb") >= 0 && r.num("rss_mb") > 0, r::toString);
      boolean infinispan = !r.target().equals("jpdt-map");
      assertEquals(infinispan, r.num("manager_ms") > 0 && r.num("cache_ms") > 0, r::toString);
      boolean jnvm = !r.target().equals("volatile-sifs");
      assertEquals(jnvm, r.num("live_objects") > ENTRIES, () -> "J-NVM recovery figures: " + r);
    }
  }
}
