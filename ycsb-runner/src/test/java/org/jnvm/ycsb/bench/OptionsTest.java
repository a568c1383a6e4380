package org.jnvm.ycsb.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsTest {
  @Test
  void defaultsAreTheQuickRun() {
    Options o = Options.parse(new String[0]);
    assertEquals(Options.QUICK_RECORDS, o.records);
    assertEquals(List.of(1), o.threads);
    assertEquals(List.of("a", "b", "c", "f", "d", "e"), o.workloads);
  }

  @Test
  void paperPresetAndSuffixes() {
    Options o = Options.parse(new String[] {"--paper", "--threads", "1,2", "--ops", "20k"});
    assertEquals(3_000_000, o.records);
    assertEquals(20_000, o.ops);
    assertEquals(List.of(1, 2), o.threads);
  }

  @Test
  void workloadsRunInYcsbOrder() {
    assertEquals(List.of("a", "f", "d"), Workloads.parse("D,workloadf,a"));
  }

  @Test
  void badInputNamesTheValue() {
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--records", "lots"}));
    assertTrue(
        e.getMessage().contains("'--records'") && e.getMessage().contains("not 'lots'"),
        e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> Options.parse(new String[] {"--workloads", "g"}));
    assertTrue(e.getMessage().contains("unknown workload: g"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--backends", "mongo"}));
    assertTrue(e.getMessage().contains("unknown backend: mongo"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> Options.parse(new String[] {"--threads"}));
    assertTrue(
        e.getMessage().contains("Missing required parameter for option '--threads'"),
        e.getMessage());
    e = assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--fast"}));
    assertTrue(e.getMessage().contains("Unknown option: '--fast'"), e.getMessage());
  }

  @Test
  void roundsAreOneByDefaultAndBounded() {
    assertEquals(1, Options.parse(new String[0]).rounds);
    assertEquals(3, Options.parse(new String[] {"--rounds", "3"}).rounds);
    for (String[] bad :
        List.of(
            new String[] {"--rounds", "0"},
            new String[] {"--rounds", "21"},
            new String[] {"--rounds", "2", "--scale"},
            new String[] {"--rounds", "2", "--remote"})) {
      var e = assertThrows(IllegalArgumentException.class, () -> Options.parse(bad));
      assertTrue(e.getMessage().startsWith("--rounds"), e.getMessage());
    }
    assertEquals(1, Options.parse(new String[] {"--rounds", "1", "--scale"}).rounds);
  }

  @Test
  void helpListsEveryOptionAndTheBackends() {
    assertTrue(Options.parse(new String[] {"--help"}).help);
    String u = Options.usage().replaceAll("\\s+", " ");
    for (String o :
        new String[] {
          "--records",
          "--seconds",
          "--ops",
          "--threads",
          "--workloads",
          "--backends",
          "--heap-dir",
          "--warmup",
          "--out",
          "--paper",
          "--scale",
          "--quick",
          "--gc",
          "--sizes",
          "--rounds",
          "--help"
        }) {
      assertTrue(u.contains(o), o + " in:\n" + u);
    }
    assertTrue(u.contains("Backends: volatile"), u);
    assertTrue(u.contains("jpdt-crc (optional)"), u);
  }

  @Test
  void helpFormatsWithoutPicocliWarnings() {
    // picocli formats descriptions: a lone % fails the format, and picocli warns on stderr
    PrintStream err = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    String u;
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      u = Options.usage().replaceAll("\\s+", " ");
    } finally {
      System.setErr(err);
    }
    String warnings = captured.toString(StandardCharsets.UTF_8);
    assertFalse(warnings.contains("picocli WARN"), warnings);
    assertTrue(u.contains("to 90% of steady reads, acknowledged"), u);
  }

  @Test
  void workloadFilesShip() {
    for (String w : Workloads.ALL) {
      assertEquals("site.ycsb.workloads.CoreWorkload", Workloads.load(w).getProperty("workload"));
      assertEquals("10", Workloads.load(w).getProperty("fieldcount"));
    }
  }

  @Test
  void scaleOptionsBelongToScale() {
    Options o =
        Options.parse(
            new String[] {"--scale", "--quick", "--gc", "zgc,G1,zgc", "--sizes", "0.5,2"});
    assertTrue(o.scale && o.quick);
    assertEquals(List.of("zgc", "g1"), o.gcs);
    assertEquals(List.of(0.5, 2.0), o.sizesGb);
    assertEquals(List.of("g1"), Options.parse(new String[] {"--scale"}).gcs);
    var e =
        assertThrows(IllegalArgumentException.class, () -> Options.parse(new String[] {"--quick"}));
    assertTrue(e.getMessage().contains("--quick belongs to --scale"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--scale", "--gc", "cms"}));
    assertTrue(e.getMessage().contains("unknown collector: cms"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--scale", "--sizes", "1,-2"}));
    assertTrue(e.getMessage().contains("not '-2'"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--scale", "--threads", "1,2"}));
    assertTrue(e.getMessage().contains("one client thread count"), e.getMessage());
  }

  @Test
  void remoteOptionsAreCheckedAndDefaultToItsOwnMatrix() {
    Options o = Options.parse(new String[] {"--remote"});
    assertTrue(o.remote && !o.threadsGiven, "threads default to 1,4 for --remote");
    assertEquals(List.of(1, 3), o.nodes);
    assertEquals(Options.REMOTE_WARMUP_SECONDS, o.warmUpSeconds);
    assertEquals(2, Options.parse(new String[] {"--remote", "--warmup", "2"}).warmUpSeconds);
    assertTrue(Options.parse(new String[] {"--remote", "--threads", "2"}).threadsGiven);
    String[][] bad = {
      {"--nodes", "3"},
      {"--remote", "--scale"},
      {"--remote", "--backends", "pmdk"},
      {"--remote", "--nodes", "17"}
    };
    String[] why = {"belongs to --remote", "pick one", "not pmdk", "at most 16"};
    for (int i = 0; i < bad.length; i++) {
      String[] args = bad[i];
      var e = assertThrows(IllegalArgumentException.class, () -> Options.parse(args));
      assertTrue(e.getMessage().contains(why[i]), e.getMessage());
    }
  }

  @Test
  void restartOptions() {
    Options o =
        Options.parse(new String[] {"--restart", "--sizes", "1M,100k,100k", "--backends", "sifs"});
    assertTrue(o.restart);
    assertEquals(List.of(100_000L, 1_000_000L), o.restartSizes);
    assertEquals(List.of("sifs"), o.backends);
    assertFalse(o.secondsGiven);
    assertTrue(Options.parse(new String[] {"--restart", "--seconds", "2"}).secondsGiven);
    for (String[] bad :
        List.of(
            new String[] {"--restart", "--threads", "2"},
            new String[] {"--restart", "--workloads", "a"},
            new String[] {"--restart", "--scale"},
            new String[] {"--restart", "--rounds", "2"},
            new String[] {"--restart", "--sizes", "0.5"},
            new String[] {"--sizes", "100k"})) {
      assertThrows(
          IllegalArgumentException.class, () -> Options.parse(bad), List.of(bad)::toString);
    }
    var e =
        assertThrows(
            IllegalArgumentException.class,
            () -> Options.parse(new String[] {"--restart", "--sizes", "10k,-1"}));
    assertTrue(e.getMessage().contains("not '-1'"), e.getMessage());
  }
}
