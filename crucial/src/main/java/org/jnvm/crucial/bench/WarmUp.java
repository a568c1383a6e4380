package org.jnvm.crucial.bench;

import java.util.ArrayList;
import java.util.List;

/**
 * Runs a load until its rate stops rising and the JIT compilers of the processes serving it have
 * gone quiet. A DSO node's JIT needs tens of seconds of calls under load on 2 busy cores, and its
 * gains come in steps: a fixed 5 s warm-up measured the compiler (an rf 2 cluster gave 3.7k ops/s
 * in its first measured round and 17k in its eighth), and a rate that rose slowly between two steps
 * looked settled. Redis has no JIT and settles at once; it pays only the minimum and the windows
 * that show it.
 *
 * <p>The load runs {@code minSeconds} first, unmeasured, then in windows of {@code windowMillis}.
 * It has settled when, in each of the last {@link #STEADY_WINDOWS} windows, the rate is at most
 * {@link #RISE} above the best window before them (a rate still climbing keeps setting new highs; a
 * dip from outside load does not end the warm-up by itself) and the compiler threads used at most
 * {@link #QUIET_CORES} of a core; or it stops at {@code maxSeconds} unsettled, which the report
 * says.
 */
final class WarmUp {
  /** A window may exceed the best before it by this fraction and still count as steady. */
  static final double RISE = 0.05;

  /** Cores busy compiling (all processes of the target together) that still count as quiet. */
  static final double QUIET_CORES = 0.05;

  static final int STEADY_WINDOWS = 2;

  /** One run of the load: its rate over {@code millis} milliseconds, in operations per second. */
  interface Load {
    double run(long millis) throws Exception;
  }

  /** The JIT compiler threads' CPU time so far, in clock ticks, of the processes of the load. */
  interface CompilerTicks {
    long read() throws Exception;
  }

  /**
   * How long the warm-up ran; each window's rate and cores busy compiling; whether it settled
   * before the cap.
   */
  record Outcome(double seconds, List<Double> windows, List<Double> compiling, boolean settled) {
    Outcome {
      windows = List.copyOf(windows);
      compiling = List.copyOf(compiling);
    }
  }

  private WarmUp() {}

  static Outcome run(
      Load load, CompilerTicks compiler, int minSeconds, int maxSeconds, long windowMillis)
      throws Exception {
    if (minSeconds < 0 || maxSeconds < minSeconds || windowMillis <= 0) {
      throw new IllegalArgumentException(
          "warm-up needs 0 <= min <= max seconds and a positive window: min="
              + minSeconds
              + " max="
              + maxSeconds
              + " windowMillis="
              + windowMillis);
    }
    if (minSeconds > 0) load.run(minSeconds * 1000L);
    long spent = minSeconds * 1000L;
    List<Double> windows = new ArrayList<>();
    List<Double> compiling = new ArrayList<>();
    while (spent + windowMillis <= maxSeconds * 1000L) {
      long t0 = compiler.read();
      windows.add(load.run(windowMillis));
      compiling.add((compiler.read() - t0) * ProcCpu.MICROS_PER_TICK / 1000 / windowMillis);
      spent += windowMillis;
      if (settled(windows, compiling)) {
        return new Outcome(spent / 1000.0, windows, compiling, true);
      }
    }
    return new Outcome(spent / 1000.0, windows, compiling, false);
  }

  /**
   * True when the last {@link #STEADY_WINDOWS} windows set no new high (beyond {@link #RISE}) and
   * compiled on at most {@link #QUIET_CORES}.
   */
  static boolean settled(List<Double> windows, List<Double> compiling) {
    int before = windows.size() - STEADY_WINDOWS;
    if (before < 1) return false;
    double best = 0;
    for (int i = 0; i < before; i++) best = Math.max(best, windows.get(i));
    for (int i = before; i < windows.size(); i++) {
      if (windows.get(i) > best * (1 + RISE) || compiling.get(i) > QUIET_CORES) return false;
    }
    return true;
  }
}
