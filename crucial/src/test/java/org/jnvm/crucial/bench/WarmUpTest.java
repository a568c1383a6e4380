package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The warm-up rule on scripted rates: when it ends, and what it reports. */
class WarmUpTest {
  /** A load served without a JIT (Redis). */
  private static final WarmUp.CompilerTicks NO_JIT = () -> 0;

  /**
   * A load whose runs of {@code window} milliseconds return the scripted rates in turn (other runs,
   * the least warm-up, return 0), recording each run's length.
   */
  private static final class Scripted implements WarmUp.Load {
    final List<Long> runs = new ArrayList<>();
    private final long window;
    private final double[] rates;
    private int next;

    Scripted(long window, double... rates) {
      this.window = window;
      this.rates = rates;
    }

    @Override
    public double run(long millis) {
      runs.add(millis);
      return millis == window ? rates[Math.min(next++, rates.length - 1)] : 0;
    }
  }

  @Test
  void aRateThatLevelsOffSettlesOnceTwoWindowsSetNoNewHigh() throws Exception {
    Scripted load = new Scripted(1000, 1, 2, 4, 8, 9, 9, 9, 50);
    WarmUp.Outcome o = WarmUp.run(load, NO_JIT, 3, 60, 1000);
    assertTrue(o.settled());
    assertEquals(List.of(1.0, 2.0, 4.0, 8.0, 9.0, 9.0, 9.0), o.windows());
    assertEquals(3 + 7, o.seconds(), 1e-9);
    assertEquals(3000L, load.runs.get(0), "the least warm-up runs first, in one piece");
  }

  @Test
  void aDipAloneDoesNotEndTheWarmUp() throws Exception {
    WarmUp.Outcome o = WarmUp.run(new Scripted(1000, 1, 2, 4, 1, 8, 8.2, 8.1), NO_JIT, 0, 60, 1000);
    assertEquals(List.of(1.0, 2.0, 4.0, 1.0, 8.0, 8.2, 8.1), o.windows());
    assertTrue(o.settled());
  }

  @Test
  void aRateStillRisingAtTheCapIsReportedUnsettled() throws Exception {
    WarmUp.Outcome o =
        WarmUp.run(new Scripted(2000, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10), NO_JIT, 3, 10, 2000);
    assertFalse(o.settled());
    assertEquals(
        List.of(1.0, 2.0, 3.0),
        o.windows(),
        "3 s, then three 2 s windows: a fourth would end past 10 s");
    assertEquals(9, o.seconds(), 1e-9);
  }

  @Test
  void noWarmUpAtAllIsAnUnsettledOutcomeOfNoWindows() throws Exception {
    Scripted load = new Scripted(2000, 1);
    WarmUp.Outcome o = WarmUp.run(load, NO_JIT, 0, 0, 2000);
    assertEquals(List.of(), o.windows());
    assertFalse(o.settled());
    assertTrue(load.runs.isEmpty());
  }

  @Test
  void aSteadyRateWhileTheJitStillCompilesIsNotSettled() throws Exception {
    // 1 s windows; compiler ticks (10 ms each) read twice per window: 30, then 2, then 0 per window
    long[] ticks = {0, 30, 30, 60, 60, 90, 90, 92, 92, 94, 94, 94, 94, 94};
    int[] read = {0};
    WarmUp.Outcome o =
        WarmUp.run(new Scripted(1000, 9, 9, 9, 9, 9, 9), () -> ticks[read[0]++], 0, 60, 1000);
    assertTrue(o.settled());
    assertEquals(5, o.windows().size(), "two quiet windows after the three compiling ones");
    assertEquals(List.of(0.3, 0.3, 0.3, 0.02, 0.02), o.compiling());
  }

  @Test
  void settledNeedsAWindowBeforeTheSteadyOnes() {
    List<Double> quiet = List.of(0.0, 0.0, 0.0);
    assertFalse(WarmUp.settled(List.of(5.0, 5.0), quiet.subList(0, 2)));
    assertTrue(WarmUp.settled(List.of(5.0, 5.0, 5.0), quiet));
    assertFalse(WarmUp.settled(List.of(5.0, 5.0, 5.3), quiet), "5.3 > 5 * 1.05 is a new high");
    assertFalse(WarmUp.settled(List.of(5.0, 5.0, 5.0), List.of(0.0, 0.0, 0.06)), "0.06 cores");
  }

  @Test
  void badBoundsAreRefusedWithTheirValues() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> WarmUp.run(new Scripted(1000, 1), NO_JIT, 10, 5, 1000));
    assertTrue(e.getMessage().contains("min=10 max=5"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> WarmUp.run(new Scripted(1000, 1), NO_JIT, 0, 5, 0));
  }
}
