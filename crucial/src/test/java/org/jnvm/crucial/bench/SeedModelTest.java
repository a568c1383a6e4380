package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The model of the seed's Figure 3, on fixed CPU figures. */
class SeedModelTest {
  private static final SeedModel.Params SEED = new SeedModel.Params(8, 200, 200);

  @Test
  void theDsoIsBoundByAllCoresOfItsMachinesWhenTheyAreTheLesserBound() {
    // rf 2: 2 machines x 8 cores = 16 cores over 100 us per op: 160,000 ops/s; the clients'
    // bound is 200 threads / (2 x 200 + 120 us) = 384,615 ops/s.
    CpuPerOp c = new CpuPerOp(15, 5, 70, 30, 1.9, List.of(40.0, 35.0, 25.0));
    SeedModel.Point p = SeedModel.model("DSO", 2, c, SEED);
    assertEquals(160_000, p.opsPerSecond(), 1e-6);
    assertEquals("servers", p.bound());
    // rf 3: 3 machines: 240,000
    assertEquals(240_000, SeedModel.model("DSO", 3, c, SEED).opsPerSecond(), 1e-6);
  }

  @Test
  void redisIsBoundByItsBusiestServersOneCore() {
    // rf 2: the master takes 30 us per op: 33,333 ops/s, whatever the machine's cores.
    CpuPerOp c = new CpuPerOp(15, 5, 25, 15, 1.9, List.of(30.0, 10.0));
    SeedModel.Point p = SeedModel.model("Redis", 2, c, SEED);
    assertEquals(1e6 / 30, p.opsPerSecond(), 1e-6);
    assertEquals("servers", p.bound());
    SeedModel.Point more = SeedModel.model("Redis", 2, c, new SeedModel.Params(64, 200, 200));
    assertEquals(p.opsPerSecond(), more.opsPerSecond(), 1e-6, "one event loop: cores do not help");
  }

  @Test
  void cheapOperationsAreBoundByTheClientsRoundTrips() {
    // rf 1: 16 cores over 10 us is 1.6M ops/s; 200 threads / (200 + 15 us) = 930,233 ops/s.
    CpuPerOp c = new CpuPerOp(3, 2, 6, 4, 1.9, List.of(5.0, 5.0));
    SeedModel.Point p = SeedModel.model("DSO", 1, c, SEED);
    assertEquals(200e6 / 215, p.opsPerSecond(), 1e-6);
    assertEquals("clients", p.bound());
    // Redis at rf 2 pays three round trips: 200 threads / (600 + 15 us) = 325,203 ops/s, below
    // its master's bound of 1e6 / 2 us.
    CpuPerOp redis = new CpuPerOp(3, 2, 6, 4, 1.9, List.of(2.0, 1.0));
    SeedModel.Point r = SeedModel.model("Redis", 2, redis, SEED);
    assertEquals(200e6 / 615, r.opsPerSecond(), 1e-6);
    assertEquals("clients", r.bound());
  }

  @Test
  void theSeedsMachinesAndRoundTrips() {
    assertEquals(2, SeedModel.machines(1));
    assertEquals(2, SeedModel.machines(2));
    assertEquals(3, SeedModel.machines(3));
    assertEquals(1, SeedModel.roundTrips("DSO", 1));
    assertEquals(2, SeedModel.roundTrips("DSO", 3));
    assertEquals(1, SeedModel.roundTrips("Redis", 1));
    assertEquals(3, SeedModel.roundTrips("Redis", 2));
  }

  @Test
  void roundsAreAveragedPartByPartAndServerByServer() {
    CpuPerOp m =
        SeedModel.mean(
            List.of(
                new CpuPerOp(10, 2, 40, 10, 1.0, List.of(30.0, 20.0)),
                new CpuPerOp(20, 4, 60, 30, 2.0, List.of(50.0, 40.0))));
    assertEquals(new CpuPerOp(15, 3, 50, 20, 1.5, List.of(40.0, 30.0)), m);
  }

  @Test
  void badParametersAreRefusedWithTheirValues() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new SeedModel.Params(0, 200, 200));
    assertTrue(e.getMessage().contains("cores=0"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> SeedModel.mean(List.of()));
  }

  @Test
  void theReportLabelsTheModelAndKeepsTheMeasuredRatioInItsOwnColumn() {
    ThroughputResults r = new ThroughputResults();
    r.add("DSO", 2, "simple", 15_000);
    r.addCpu("DSO", 2, "simple", new CpuPerOp(15, 5, 70, 30, 1.9, List.of(40.0, 35.0, 25.0)));
    r.add("Redis", 2, "simple", 30_000);
    r.addCpu("Redis", 2, "simple", new CpuPerOp(15, 5, 25, 15, 1.9, List.of(30.0, 10.0)));
    String md = new SeedModelReport(List.of(2), r, SEED).markdown();
    assertTrue(md.startsWith("### MODEL, not measured"), md);
    // 160,000 against 33,333: 4.80x modelled; 0.50x measured
    assertTrue(
        md.contains("| 2 | simple | 160,000 (servers) | 33,333 (servers) | 4.80x | 0.50x |"), md);
    assertTrue(md.contains("| DSO >= 0.7x Redis, simple, rf 2 | 4.80x | yes |"), md);
  }
}
