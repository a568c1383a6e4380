package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The parts of {@code bench --restart} that need no clock: the steady rate and the warm-up to 90%
 * of it, the values, the acknowledgement lines, the loss check, the result line and the TSV.
 */
class RestartPartsTest {
  @TempDir Path dir;

  @Test
  void steadyIsTheMeanOfTheLastWindowsAndWarmUpEndsAtNinetyPercent() {
    long[] w = {
      0, 0, 100, 500, 890, 899, 1000, 900, 1000, 1050, 1000, 1000, 1000, 1000, 1000, 1000
    };
    Steady s = new Steady(w);
    // the last 10 windows: 1000 + 900 + 1000 + 1050 + 6 * 1000 = 9,950 reads in 1 s
    assertEquals(9_950, s.steadyPerSecond(), 1e-9);
    // 90% of 995 a window is 895.5: window 4 (890) falls short, window 5 (899) reaches it
    assertEquals(600, s.millisToShare());
  }

  @Test
  void aWindowExactlyAtNinetyPercentCounts() {
    long[] w = new long[12];
    w[0] = 9;
    for (int i = 1; i < w.length; i++) w[i] = i == 1 ? 90 : 100;
    // the last 10 windows: all 100 (window 1 is not among them): 90% is 90, reached by window 1
    assertEquals(1000, new Steady(w).steadyPerSecond(), 1e-9);
    assertEquals(200, new Steady(w).millisToShare());
  }

  @Test
  void aRateStillClimbingAtTheEndIsRising() {
    long[] climbing = new long[2 * Steady.STEADY_WINDOWS];
    long[] flat = new long[2 * Steady.STEADY_WINDOWS];
    for (int i = 0; i < climbing.length; i++) {
      climbing[i] = i < Steady.STEADY_WINDOWS ? 89 : 100; // the second before: 89% of the last
      flat[i] = i < Steady.STEADY_WINDOWS ? 90 : 100; // 90%: steady enough
    }
    assertTrue(new Steady(climbing).rising());
    assertFalse(new Steady(flat).rising());
    // a period too short to compare two seconds: not called rising
    assertFalse(new Steady(new long[] {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1000}).rising());
  }

  @Test
  void nothingReadHasNoWarmUpEnd() {
    assertEquals(-1, new Steady(new long[Steady.STEADY_WINDOWS]).millisToShare());
    var e =
        assertThrows(
            IllegalArgumentException.class, () -> new Steady(new long[Steady.STEADY_WINDOWS - 1]));
    assertTrue(e.getMessage().contains("windows=9"), e.getMessage());
  }

  @Test
  void valuesNameTheirKeyAndVersion() {
    byte[] v = RestartValue.encode(123_456, 789);
    assertEquals(RestartValue.BYTES, v.length);
    assertEquals(789, RestartValue.version(123_456, v));
    assertEquals(0, RestartValue.version(7, RestartValue.encode(7, 0)));
    assertEquals(-1, RestartValue.version(123_457, v), "another key's value");
    assertEquals(-1, RestartValue.version(12_345, v), "a key that is a prefix of the other");
    byte[] torn = v.clone();
    torn[RestartValue.BYTES - 1] ^= 1;
    assertEquals(-1, RestartValue.version(123_456, torn), "a changed filler byte");
    assertEquals(-1, RestartValue.version(123_456, new byte[RestartValue.BYTES]));
    assertEquals(-1, RestartValue.version(123_456, new byte[3]));
    assertEquals(-1, RestartValue.version(123_456, null));
    assertEquals("user42", RestartValue.key(42));
  }

  @Test
  void acknowledgementsKeepTheHighestVersionOfEachKey() {
    Acks a = new Acks(10);
    assertTrue(a.accept(Acks.line(3, 1)));
    assertTrue(a.accept("A 10 2"));
    assertTrue(a.accept("A 3 5"));
    assertTrue(a.accept("A 3 4")); // out of order: the highest stays
    assertFalse(a.accept("progress load 1 2"));
    assertFalse(a.accept("PHASE writing 12"));
    assertEquals(4, a.writes());
    assertEquals(5, a.expected(3));
    assertEquals(0, a.expected(4), "a loaded key never written");
    assertEquals(2, a.expected(10), "an inserted key");
    assertEquals(-1, a.expected(11), "a key never acknowledged");
    assertEquals(Map.of(10L, 2L), a.inserted());
    assertEquals(11, a.keys());
    assertThrows(IllegalArgumentException.class, () -> a.accept("A 3"));
    assertThrows(IllegalArgumentException.class, () -> a.accept("A 3 0"));
    assertThrows(NumberFormatException.class, () -> a.accept("A x 1"));
  }

  @Test
  void acknowledgementsSurviveTheirFile() {
    Acks a = new Acks(5);
    a.accept("A 1 1");
    a.accept("A 7 2");
    a.accept("A 1 3");
    Path f = dir.resolve("acked");
    a.write(f);
    Acks b = Acks.read(f);
    assertEquals(5, b.loaded());
    assertEquals(3, b.writes());
    assertEquals(3, b.expected(1));
    assertEquals(2, b.expected(7));
    assertEquals(0, b.expected(4));
    assertEquals(-1, b.expected(6));
  }

  @Test
  void lossCheckCountsMissingStaleAndCorruptKeys() {
    Acks a = new Acks(4);
    a.accept("A 1 5"); // key 1 updated to version 5
    a.accept("A 2 6"); // key 2 updated to version 6
    a.accept("A 4 7"); // key 4 inserted
    a.accept("A 5 8"); // key 5 inserted
    Map<Long, byte[]> table = new HashMap<>();
    table.put(0L, RestartValue.encode(0, 0)); // loaded, kept
    table.put(1L, RestartValue.encode(1, 9)); // newer than acknowledged: the write in flight
    table.put(2L, RestartValue.encode(2, 0)); // stale: the acknowledged update is gone
    table.put(3L, RestartValue.encode(30, 0)); // another key's value
    table.put(4L, RestartValue.encode(4, 7)); // inserted, kept; key 5 missing
    table.put(6L, RestartValue.encode(6, 10)); // never acknowledged: not checked
    LossCheck c = LossCheck.of(a, table::get);
    assertEquals(6, c.checked());
    assertEquals(1, c.missing());
    assertEquals(1, c.stale());
    assertEquals(1, c.corrupt());
    assertEquals(3, c.lost());
    assertEquals(
        List.of(
            "user2: version 0 < acknowledged 6", "user3: not a value of the key", "user5: missing"),
        c.examples());
  }

  @Test
  void nothingLostWhenEveryKeyIsThere() {
    Acks a = new Acks(3);
    a.accept("A 1 1");
    Map<Long, byte[]> table = new HashMap<>();
    for (long k = 0; k < 3; k++) table.put(k, RestartValue.encode(k, k == 1 ? 1 : 0));
    LossCheck c = LossCheck.of(a, table::get);
    assertEquals(3, c.checked());
    assertEquals(0, c.lost());
    assertEquals(List.of(), c.examples());
  }

  @Test
  void resultLinesRoundTrip() {
    Map<String, String> f = new HashMap<>();
    f.put("open_ms", "12.5");
    f.put("windows", RestartResult.joinCounts(new long[] {1, 2, 30}));
    String line = RestartResult.line(f);
    assertEquals("RESULT open_ms=12.5 windows=1,2,30", line);
    assertEquals(f, RestartResult.parse(line));
    assertNull(RestartResult.parse("PHASE main 1"));
    assertThrows(IllegalArgumentException.class, () -> RestartResult.parse("RESULT open_ms"));
    assertThrows(IllegalArgumentException.class, () -> RestartResult.line(Map.of("a b", "1")));
  }

  @Test
  void restartFileKeepsFiguresAndFailures() {
    Path f = dir.resolve("restart.tsv");
    Map<String, String> figures = new HashMap<>();
    figures.put("open_ms", "420.8");
    figures.put("lost", "0");
    figures.put("windows", "1,2"); // not a column: left out
    RestartFile.append(f, new RestartFile.Row("jpdt-map", 10_000, figures, null));
    RestartFile.append(
        f, new RestartFile.Row("sifs", 10_000, Map.of(), "exited before its kill:\tlock"));
    List<RestartFile.Row> rows = RestartFile.read(f);
    assertEquals(2, rows.size());
    assertEquals(420.8, rows.get(0).num("open_ms"), 1e-9);
    assertEquals(0, rows.get(0).num("lost"), 1e-9);
    assertTrue(Double.isNaN(rows.get(0).num("recovery_ms")));
    assertNull(rows.get(0).figures().get("windows"));
    assertNull(rows.get(0).failure());
    assertEquals("exited before its kill: lock", rows.get(1).failure());
    assertEquals(Map.of(), rows.get(1).figures());
  }

  @Test
  void spawnToFirstReadAddsTheThreeSpansBeforeIt() {
    var r =
        new RestartFile.Row(
            "jpdt-all",
            1,
            Map.of("jvm_start_ms", "100", "before_open_ms", "20.5", "first_read_ms", "300"),
            null);
    assertEquals(420.5, RestartReport.spawnToFirstRead(r), 1e-9);
  }
}
