package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.jnvm.ycsb.Dirs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code bench --rejoin} end to end at a tiny size: a real 3-node cluster on the J-NVM store, node
 * 2 killed under writes and restarted; the report has the row with its times and nothing lost, and
 * nothing is left behind.
 */
class RejoinRunTest {
  @TempDir Path out;

  @Test
  void aJpdtNodeRejoinsAndNothingAcknowledgedIsLost() throws Exception {
    Path heapDir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-rejoin-");
    try {
      Options o =
          Options.parse(
              new String[] {
                "--rejoin",
                "--backends",
                "jpdt",
                "--sizes",
                "2000",
                "--heap-dir",
                heapDir.toString(),
                "--out",
                out.toString()
              });
      ByteArrayOutputStream console = new ByteArrayOutputStream();
      boolean ok = Rejoin.run(o, new PrintStream(console, true, StandardCharsets.UTF_8));
      String printed = console.toString(StandardCharsets.UTF_8);
      assertTrue(ok, printed);
      String report = Files.readString(out.resolve("rejoin.md"));
      assertTrue(report.contains("| 2000 | jpdt |"), report);
      assertTrue(printed.contains(" 0 lost"), printed);
      try (Stream<Path> left = Files.list(heapDir)) {
        assertEquals(List.of(), left.toList(), "servers and heaps deleted");
      }
    } finally {
      Dirs.deleteTree(heapDir);
    }
  }

  @Test
  void optionsOfOtherExperimentsAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--rejoin", "--restart"}));
    assertTrue(e.getMessage().contains("two experiments"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--rejoin", "--backends", "rocksdb"}));
    assertTrue(e.getMessage().contains("not rocksdb"), e.getMessage());
  }

  @Test
  void theReportPutsEachRowAgainstVolatile() {
    String md =
        Rejoin.markdown(
            List.of(
                new Rejoin.Row("jpdt", 10, 1, 4, 8, 5, 0, null),
                new Rejoin.Row("volatile", 10, 1, 2, 4, 5, 0, null)),
            "1.0");
    assertTrue(md.contains("| 10 | jpdt | 1.00 | 4.00 | 8.00 | 2.00 | 2.00 | 5 | 0 |"), md);
  }
}
