package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The latency part of the report: the unpinned table, the pinned one when it was measured, and
 * issue #22's latency goals judged on each.
 */
class ReportTest {
  private static final List<String> OPS = List.of("get 1 KB", "put 1 KB", "counter increment");

  /** Rows whose every call took the given microseconds: DSO rf 1, DSO rf 2, Redis always. */
  private static Map<String, Map<String, Latency>> rows(long dsoMicros, long rf2PutMicros) {
    Map<String, Map<String, Latency>> rows = new LinkedHashMap<>();
    rows.put("DSO ephemeral", row(dsoMicros, dsoMicros));
    rows.put("DSO persistent rf 1", row(dsoMicros, dsoMicros));
    rows.put("DSO persistent rf 2", row(dsoMicros, rf2PutMicros));
    rows.put("Redis always", row(100, 100));
    return rows;
  }

  private static Map<String, Latency> row(long micros, long putMicros) {
    Map<String, Latency> row = new LinkedHashMap<>();
    for (String op : OPS) {
      long ns = (op.equals("put 1 KB") ? putMicros : micros) * 1000;
      row.put(op, Latency.of(ns, ns, ns));
    }
    return row;
  }

  private static String line(String md, String start) {
    return md.lines().filter(l -> l.startsWith(start)).findFirst().orElse("(missing) " + start);
  }

  @Test
  void bothTablesAndTheGoalsJudgedOnEach() throws Exception {
    DsoBench.Results r = new DsoBench.Results();
    r.latency.putAll(rows(400, 3000));
    r.pinned.putAll(rows(100, 500));
    Report report = new Report(r, "test", 0);
    String md = report.markdown();
    assertTrue(md.contains("## Latency (microseconds)"), md);
    assertTrue(md.contains("## Latency, every process of the rows on one vCPU"), md);
    String get = "| get 1 KB p50, persistent rf 1 <= 1.5x Redis appendfsync always";
    assertTrue(line(md, get + " |").endsWith("| **no** |"), line(md, get + " |"));
    assertTrue(
        line(md, get + ", pinned to one vCPU |").endsWith("| yes |"),
        line(md, get + ", pinned to one vCPU |"));
    String p99 = "| put 1 KB p99, persistent rf 2 <= 1,000 us";
    assertTrue(line(md, p99 + " |").endsWith("| **no** |"), line(md, p99 + " |"));
    assertTrue(line(md, p99 + ", pinned").endsWith("| yes |"), line(md, p99 + ", pinned"));
    assertEquals(
        2,
        report.panels().stream().filter(p -> p.title().startsWith("Latency")).count(),
        "a latency panel per table");
  }

  @Test
  void withoutPinnedRowsThereIsNoPinnedTableNorGoal() throws Exception {
    DsoBench.Results r = new DsoBench.Results();
    r.latency.putAll(rows(100, 500));
    String md = new Report(r, "test", 0).markdown();
    assertFalse(md.contains("one vCPU"), md);
    assertTrue(line(md, "| put 1 KB p99, persistent rf 2").endsWith("| yes |"), md);
  }
}
