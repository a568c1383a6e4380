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
 * {@code bench --remote} end to end on a tiny configuration: a real 1-node Infinispan Server with
 * the drop-in J-NVM store, a Hot Rod client JVM that loads and runs two workloads with only OK
 * statuses; the per-node report and chart and remote.md are written, nothing is left behind.
 */
class RemoteRunTest {
  @TempDir Path out;

  @Test
  void aJpdtServerRunsWorkloadsOverHotRod() throws Exception {
    Path heapDir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-remote-");
    try {
      Options o =
          Options.parse(
              new String[] {
                "--remote",
                "--nodes",
                "1",
                "--backends",
                "jpdt",
                "--threads",
                "1",
                "--records",
                "300",
                "--ops",
                "300",
                "--seconds",
                "0",
                "--warmup",
                "0",
                "--workloads",
                "a,c",
                "--heap-dir",
                heapDir.toString(),
                "--out",
                out.toString()
              });
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      boolean ok = Remote.run(o, new PrintStream(console, true, StandardCharsets.UTF_8));
      String printed = console.toString(StandardCharsets.UTF_8);
      assertTrue(ok, printed);
      List<ResultsFile.Row> rows = ResultsFile.read(out.resolve("nodes-1/results.tsv"));
      assertEquals(
          List.of("load", "a", "c"),
          rows.stream().map(ResultsFile.Row::workload).distinct().toList(),
          rows.toString());
      for (ResultsFile.Row r : rows) {
        assertEquals("jpdt", r.target());
        assertEquals(0, r.failed(), () -> "operations not OK: " + r);
        assertEquals(300, r.ops(), () -> "operations done: " + r);
      }
      String summary = Files.readString(out.resolve("remote.md"));
      assertTrue(summary.contains("| 1 | 1 | jpdt |"), summary);
      assertTrue(Files.readString(out.resolve("nodes-1/report.md")).contains("Hot Rod"));
      byte[] png = Files.readAllBytes(out.resolve("nodes-1/chart.png"));
      assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
      try (Stream<Path> left = Files.list(heapDir)) {
        assertEquals(List.of(), left.toList(), "servers, heaps and client files deleted");
      }
    } finally {
      Dirs.deleteTree(heapDir);
    }
  }
}
