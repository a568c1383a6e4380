package org.jnvm.bench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.jnvm.bench.recovery.RecoveryRun;
import org.jnvm.bench.recovery.RecoveryTsv;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A sample JMH JSON (two C variants, a missing C twin, a NaN error) turned into table rows. */
class ReportTest {
  static final String ENV =
      String.join(
          "\n",
          "machine.nproc=2",
          "machine.cpu=AMD EPYC",
          "jdk=17.0.15+6 OpenJDK 64-Bit Server VM",
          "gateway=intrinsics (JDK writeback intrinsics, inlined by C2; JDK 17.0.15+6)",
          "jvm.flush=clflushopt",
          "cpu.flush=clwb,clflushopt,clflush",
          "jni=available",
          "run.mode=quick");

  @Test
  void parsesJmhJson() throws IOException {
    List<JmhResult> r = JmhResult.parse(sample());
    assertEquals(6, r.size());
    JmhResult c = r.get(0);
    assertEquals("GatewayBench.line1C", c.benchmark());
    assertEquals(Map.of("flush", "clflushopt"), c.params());
    assertEquals(200.0, c.score());
    assertEquals(4.0, c.error());
    assertEquals("ns/op", c.unit());
    assertTrue(Double.isNaN(r.get(4).error()), "\"NaN\" error");
    assertEquals(
        "JMH 1.37, JDK 17.0.15 (OpenJDK 64-Bit Server VM), 1 fork(s), warm-up 2 x 1 s,"
            + " measurement 3 x 1 s",
        c.settings());
  }

  @Test
  void badJsonIsAnErrorSayingWhere() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> JmhResult.parse("[{\"a\": 1 2}]"));
    assertTrue(
        e.getMessage().startsWith("bad JSON: ") && e.getMessage().contains("line 1"),
        e.getMessage());
    assertEquals(
        "JMH JSON must be an array of results",
        assertThrows(IllegalArgumentException.class, () -> JmhResult.parse("{}")).getMessage());
  }

  @Test
  void tableRowsCompareWithTheBaselineAndJudgeOnlyTheJvmsInstruction(@TempDir Path dir)
      throws IOException {
    String md = render(dir, ENV);
    assertRow(
        md, "| 1 line | 230.0 ± 5.0 | C via JNI, clflushopt | 200.0 ± 4.0 | 1.15 | ≤ 1.20 | met |");
    assertRow(
        md,
        "| 1 line | 230.0 ± 5.0 | C via JNI, clwb | 180.0 ± 2.5 | 1.28 | ≤ 1.20 |"
            + " info (the JVM emits clflushopt) |");
    assertRow(md, "| 64 lines, 1 fence | 6.25 ± 0.50 | C via JNI | not run | | | |");
    assertRow(md, "| read a long | 0.60 ± 0.01 | plain object | 0.50 | 1.20 | ≤ 1.30 | met |");
    assertRow(md, "| machine | 2 cores (nproc), AMD EPYC |");
    assertRow(
        md,
        "| write-back instruction | the JVM emits clflushopt; the CPU has clwb,clflushopt,clflush |");
    assertFalse(md.contains("write a long"), "nothing ran: no row");
    assertFalse(md.contains("## Allocation"), "nothing ran: no section");
    assertFalse(md.contains("## Recovery"), "no recovery.tsv: no section");
    assertEquals(md, Files.readString(dir.resolve(Report.OUT)), "written as report.md");
  }

  @Test
  void aMissingJniLibraryIsGivenAsTheReason(@TempDir Path dir) throws IOException {
    String md =
        render(dir, ENV.replace("jni=available", "jni=unavailable: JNI library not found: x.so"));
    assertRow(md, "| C baseline (JNI) | unavailable: JNI library not found: x.so |");
    assertRow(
        md,
        "| 64 lines, 1 fence | 6.25 ± 0.50 | C via JNI | unavailable: see C baseline above | | | |");
  }

  @Test
  void recoveryRowsGiveColdMedianAndBest(@TempDir Path dir) throws IOException {
    RecoveryTsv.append(
        dir.resolve(Report.RECOVERY),
        List.of(
            run(1, 1, 1_000_000_000L),
            run(1, 2, 400_000_000L),
            run(2, 1, 500_000_000L),
            run(2, 2, 300_000_000L),
            run(3, 1, 450_000_000L),
            run(3, 2, 310_000_000L)));
    String md = render(dir, ENV);
    assertRow(md, "| 1,000,000 | 1 | 3 | 1,000,005 | 1.00M | 2.00M | 2.22M | ≥ 2.00M | met |");
    assertRow(md, "| 1,000,000 | 2 | 3 | 1,000,005 | 2.50M | 3.23M | 3.33M | ≥ 2.00M | met |");
  }

  private static RecoveryRun run(int run, int threads, long nanos) {
    return new RecoveryRun(1_000_000, threads, run, 1_000_005, nanos, nanos / 2, nanos / 2, nanos);
  }

  private static String render(Path dir, String env) throws IOException {
    Files.writeString(dir.resolve(Report.ENV), env + "\n");
    Files.writeString(dir.resolve("gateway.json"), sample());
    Report.main(new String[] {dir.toString()});
    return Report.render(dir);
  }

  private static void assertRow(String md, String row) {
    assertTrue(md.lines().anyMatch(row::equals), () -> "no row\n" + row + "\nin\n" + md);
  }

  static String sample() throws IOException {
    try (InputStream in = ReportTest.class.getResourceAsStream("sample-jmh.json")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
