package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The rounds summary takes each ratio within its round and gives the median and range over the
 * rounds: here the medians of the two rows' throughputs are equal (ratio of medians 1.00x), while
 * the median of the per-round ratios is 0.80x.
 */
class RoundsReportTest {
  @Test
  void ratiosAreTakenWithinEachRoundThenSummarised() {
    List<List<ResultsFile.Row>> rounds =
        List.of(
            List.of(
                row("volatile", "a", 100_000), row("jpdt-all", "a", 80_000),
                row("volatile", "d", 100_000), row("jpdt-all", "d", 90_000)),
            List.of(
                row("volatile", "a", 200_000), row("jpdt-all", "a", 100_000),
                row("volatile", "d", 100_000), row("jpdt-all", "d", 70_000)),
            List.of(
                row("volatile", "a", 100_000),
                row("jpdt-all", "a", 120_000),
                row("volatile", "d", 100_000))); // jpdt-all's D missing: a failed child
    String md = new RoundsReport(rounds).markdown();

    assertTrue(md.startsWith("# YCSB over 3 rounds"), md);
    String tput = between(md, "Throughput, K ops/s:", "Throughput ratio against volatile");
    assertTrue(tput.contains("| A | 100.0 (100.0-200.0) | 100.0 (80.0-120.0) |"), tput);
    assertTrue(
        tput.contains("| D | 100.0 (100.0-100.0) | 80.0 (70.0-90.0, 2 of 3 rounds) |"), tput);
    String ratio = md.substring(md.indexOf("Throughput ratio against volatile Infinispan"));
    assertTrue(ratio.contains("| A | 1.00x (1.00x-1.00x) | 0.80x (0.50x-1.20x) |"), ratio);
    assertTrue(ratio.contains("| D | 1.00x (1.00x-1.00x) | 0.80x (0.70x-0.90x, 2 of 3"), ratio);
    assertTrue(!md.contains("against PMDK"), "no table for a base that did not run:\n" + md);
  }

  /** Each J-PFA row against its J-PDT partner, only where the partner ran. */
  @Test
  void blocksAreComparedWithSwapsOfTheSameContainer() {
    List<List<ResultsFile.Row>> rounds =
        List.of(
            List.of(
                row("jpdt-all", "a", 100_000),
                row("jpfa-all", "a", 90_000),
                row("jpfa", "a", 50_000)),
            List.of(row("jpdt-all", "a", 200_000), row("jpfa-all", "a", 120_000)));
    String md = new RoundsReport(rounds).markdown();
    String pairs = md.substring(md.indexOf(Report.PFA_TITLE));
    assertTrue(pairs.contains("| workload | jpfa-all |\n"), pairs); // jpfa has no jpdt
    assertTrue(pairs.contains("| A | 0.75x (0.60x-0.90x) |\n"), pairs);
  }

  @Test
  void medianOfAnEvenCountIsTheMeanOfTheMiddleTwo() {
    assertEquals(2.5, RoundsReport.median(new double[] {1, 2, 3, 10}));
    assertEquals(3.0, RoundsReport.median(new double[] {1, 3, 10}));
    assertEquals("-", RoundsReport.summary(new double[0], "%.1f", 3));
  }

  private static String between(String s, String from, String to) {
    return s.substring(s.indexOf(from), s.indexOf(to));
  }

  private static ResultsFile.Row row(String target, String workload, double tput) {
    return new ResultsFile.Row(target, 1, workload, 1000, 3, tput, "READ", 1000, 1, 1, 2, 3, 0);
  }
}
