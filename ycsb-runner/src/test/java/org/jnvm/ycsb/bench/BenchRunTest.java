package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.jnvm.ycsb.Dirs;
import org.jnvm.ycsb.NativeLibs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runner end to end on a tiny configuration of every backend of this build (one child JVM per
 * backend and group, as {@code bin/jnvm bench} runs them): every workload completes with only OK
 * statuses, the report has its tables, the chart is a PNG, and no file is left behind.
 */
class BenchRunTest {
  @TempDir Path out;

  @Test
  void everyBackendRunsEveryWorkload() throws Exception {
    List<String> backends = new ArrayList<>(Targets.names());
    String missing = NativeLibs.pmdkMissing();
    if (missing != null) {
      System.out.println("[BenchRunTest] the pmdk row is skipped: " + missing);
      backends.remove("pmdk");
    }
    Path heapDir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-run-");
    try {
      String printed =
          run(
              heapDir,
              "--records",
              "300",
              "--ops",
              "300",
              "--seconds",
              "0",
              "--warmup", // every workload's warm-up runs, at most its 300 operations
              "0.1",
              "--threads",
              "1",
              "--backends",
              String.join(",", backends));
      checkResults(backends);
      checkCosts(backends);
      checkReport(backends, printed);
      byte[] png = Files.readAllBytes(out.resolve("chart.png"));
      assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G'}, Arrays.copyOf(png, 4));
    } finally {
      Dirs.deleteTree(heapDir);
    }
  }

  /**
   * {@code --rounds 2}: two whole runs, each with its results and report under {@code round-K}, and
   * the summary of both, whose ratio cells each summarise the two rounds' ratios.
   */
  @Test
  void roundsRunTheComparisonAgainAndSummariseIt() throws Exception {
    Path heapDir = Files.createTempDirectory(Dirs.emulatedNvmm(), "jnvm-ycsb-rounds-");
    try {
      String printed =
          run(
              heapDir,
              "--records",
              "200",
              "--ops",
              "200",
              "--seconds",
              "0",
              "--warmup",
              "0",
              "--workloads",
              "a,c",
              "--backends",
              "volatile,jpdt-all",
              "--rounds",
              "2");
      for (int r = 1; r <= 2; r++) {
        Path round = out.resolve("round-" + r);
        assertEquals(
            List.of("a", "c"),
            ResultsFile.read(round.resolve("results.tsv")).stream()
                .filter(x -> x.target().equals("jpdt-all") && !x.workload().equals("load"))
                .map(ResultsFile.Row::workload)
                .distinct()
                .toList(),
            "round " + r);
        assertTrue(Files.readString(round.resolve("report.md")).contains("## 1 client thread"));
      }
      String rounds = Files.readString(out.resolve("rounds.md"));
      assertTrue(printed.contains(rounds), printed);
      assertTrue(rounds.startsWith("# YCSB over 2 rounds"), rounds);
      String ratios = rounds.substring(rounds.indexOf("Throughput ratio against volatile"));
      assertTrue(
          ratios.matches(
              "(?s).*\\| C \\| 1\\.00x \\(1\\.00x-1\\.00x\\) \\| [0-9.]+x \\([0-9.]+x-[0-9.]+x\\) \\|.*"),
          ratios);
    } finally {
      Dirs.deleteTree(heapDir);
    }
  }

  /**
   * Runs the comparison with {@code args}, stores in {@code heapDir} and results in {@link #out};
   * checks that it completed and left nothing in {@code heapDir}; returns what it printed.
   */
  private String run(Path heapDir, String... args) throws Exception {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--heap-dir", heapDir.toString(), "--out", out.toString()));
    ByteArrayOutputStream console = new ByteArrayOutputStream();
    boolean ok =
        Bench.run(
            Options.parse(all.toArray(new String[0])),
            new PrintStream(console, true, StandardCharsets.UTF_8));
    String printed = console.toString(StandardCharsets.UTF_8);
    assertTrue(ok, () -> printed);
    try (Stream<Path> left = Files.list(heapDir)) {
      assertEquals(List.of(), left.toList(), "files left in the heap directory");
    }
    return printed;
  }

  private void checkResults(List<String> backends) {
    List<ResultsFile.Row> rows = ResultsFile.read(out.resolve("results.tsv"));
    for (String b : backends) {
      List<String> expected = new ArrayList<>(List.of("load", "a", "b", "c", "f", "d"));
      if (Targets.byName(b).scans()) expected.addAll(List.of("load", "e"));
      List<String> seen =
          rows.stream()
              .filter(r -> r.target().equals(b))
              .map(ResultsFile.Row::workload)
              .distinct()
              .toList();
      assertEquals(expected.stream().distinct().toList(), seen, "workloads of " + b);
      for (ResultsFile.Row r : rows) {
        assertEquals(0, r.failed(), () -> "operations not OK: " + r);
        assertTrue(r.throughput() > 0, () -> "no throughput: " + r);
        long expectedOps = r.workload().equals("e") ? 30 : 300;
        assertEquals(expectedOps, r.ops(), () -> "operations done: " + r);
      }
    }
  }

  /**
   * Every unit states its heap and GC costs: a live heap after the load, the in-memory container's
   * entries where the row has one (all 300 records for the volatile rows and the J-NVM rows that
   * keep every entry, at most the bound for the persistent Infinispan rows), resident memory.
   */
  private void checkCosts(List<String> backends) {
    List<CostsFile.Row> rows = CostsFile.read(out.resolve("costs.tsv"));
    for (String b : backends) {
      List<CostsFile.Row> of = rows.stream().filter(r -> r.target().equals(b)).toList();
      CostsFile.Row load = of.stream().filter(r -> r.workload().equals("load")).findFirst().get();
      assertTrue(load.liveHeapMb() > 0, () -> "no live heap: " + load);
      assertTrue(load.rssMb() > 0, () -> "no RSS: " + load);
      assertTrue(of.stream().anyMatch(r -> r.workload().equals("a")), () -> "no A: " + of);
      assertTrue(of.stream().allMatch(r -> r.minorFaults() >= 0), () -> "no page faults: " + of);
      long entries = load.entries();
      switch (b) {
        case "volatile", "volatile-map", "jpdt-all", "jpfa-all" -> assertEquals(300, entries, b);
        case "jpdt", "jpfa", "sifs", "rocksdb" ->
            assertTrue(entries > 0 && entries <= 30, () -> b + " entries=" + entries);
        case "jpdt-map", "pmdk" -> assertEquals(-1, entries, b);
        default -> {}
      }
    }
  }

  private void checkReport(List<String> backends, String printed) throws Exception {
    String md = Files.readString(out.resolve("report.md"));
    assertTrue(printed.contains(md.lines().findFirst().orElseThrow()));
    assertTrue(md.contains("| workload | " + String.join(" | ", backends) + " |"), md);
    assertTrue(md.contains("ratio against the file store"), md);
    assertTrue(md.contains("ratio against volatile Infinispan"), md);
    assertTrue(md.contains("J-NVM gateway backend"), md);
    assertTrue(md.contains("| A | READ |"), md);
    assertTrue(md.contains("| backend | live heap after load, MiB |"), md);
    assertTrue(md.contains("| page faults per op |"), md);
    assertTrue(md.contains("ratio against a ConcurrentHashMap"), md);
    assertTrue(md.contains(Report.PFA_TITLE + "\n\n| workload | jpfa | jpfa-all |"), md);
    assertTrue(!md.contains("## Problems"), md);
  }
}
