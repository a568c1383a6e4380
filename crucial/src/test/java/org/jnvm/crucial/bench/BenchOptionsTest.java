package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code bin/jnvm dso-bench}'s options: defaults, the throughput plan, bad values refused. */
class BenchOptionsTest {
  @Test
  void defaultsGiveTheSeedsExperimentScaledDown() {
    BenchOptions o = parse();
    ThroughputPlan p = o.throughputPlan();
    assertEquals(List.of(1, 2, 3), p.rfs());
    assertEquals(800, p.objects());
    assertEquals(10_000, p.complex());
    assertEquals(16, p.clientThreads());
    assertEquals(2000, p.millisPerRound());
    assertEquals("defaults", o.describe());
    assertEquals(new SeedModel.Params(8, 200, 200), o.modelParams());
  }

  @Test
  void modelOptionsAreRead() {
    assertEquals(
        new SeedModel.Params(16, 400, 120.5),
        parse("--model-cores", "16", "--model-threads", "400", "--model-rtt", "120.5")
            .modelParams());
  }

  @Test
  void throughputOptionsAreRead() {
    BenchOptions o = parse("--throughput", "--rf", "3,2", "--duration", "30", "--tp-rounds", "5");
    assertTrue(o.throughputOnly);
    assertEquals(List.of(2, 3), o.throughputPlan().rfs());
    assertEquals(6000, o.throughputPlan().millisPerRound());
    assertTrue(o.throughputPlan().redis());
    assertFalse(parse("--redis", "no").throughputPlan().redis());
  }

  @Test
  void badValuesAreRefusedNamingOptionAndValue() {
    refused("--rf must be 1 to 3 (nodes per cluster): 0", "--rf", "0");
    refused("--rf must be 1 to 3 (nodes per cluster): 4", "--rf", "1,4");
    refused("--duration must be > 0: 0", "--duration", "0");
    refused("--tp-threads must be > 0: -2", "--tp-threads", "-2");
    refused("--ship-rounds must be > 0: 0", "--ship-rounds", "0");
    refused("leave >= 0.1 s per round: 1 s / 20", "--duration", "1", "--tp-rounds", "20");
    refused("--redis must be yes or no, not 'maybe'", "--redis", "maybe");
    refused("'x'", "--objects", "x");
    refused("--model-cores must be > 0: 0", "--model-cores", "0");
    refused("--model-rtt must be >= 0: -1.0", "--model-rtt", "-1");
  }

  private static BenchOptions parse(String... args) {
    return BenchOptions.parse(BenchOptions.commandLine(), args);
  }

  private static void refused(String expected, String... args) {
    CommandLine.ParameterException e =
        assertThrows(CommandLine.ParameterException.class, () -> parse(args));
    assertTrue(e.getMessage().contains(expected), e.getMessage());
  }
}
