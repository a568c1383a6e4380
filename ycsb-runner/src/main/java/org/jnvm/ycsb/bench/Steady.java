package org.jnvm.ycsb.bench;

import java.util.Arrays;

/**
 * Read throughput after a restart, in windows of {@link #WINDOW_MILLIS}: the steady rate is the
 * mean of the last {@link #STEADY_WINDOWS} windows of the fixed read period, and the warm-up ends
 * with the first window whose rate reaches {@link #SHARE} of it.
 *
 * @param reads reads completed in each window, the first starting when the reads start
 */
record Steady(long[] reads) {
  static final int WINDOW_MILLIS = 100;
  static final int STEADY_WINDOWS = 10;
  static final double SHARE = 0.9;

  Steady {
    if (reads.length < STEADY_WINDOWS) {
      throw new IllegalArgumentException(
          "a read period of at least "
              + STEADY_WINDOWS
              + " windows is needed to call a rate steady: windows="
              + reads.length);
    }
    reads = reads.clone();
  }

  /** Reads per second over the last {@link #STEADY_WINDOWS} windows. */
  double steadyPerSecond() {
    long sum = 0;
    for (int i = reads.length - STEADY_WINDOWS; i < reads.length; i++) sum += reads[i];
    return sum * 1000.0 / (STEADY_WINDOWS * (double) WINDOW_MILLIS);
  }

  /**
   * True if the rate was still rising at the end of the read period: the {@link #STEADY_WINDOWS}
   * windows before the last ones ran below {@link #SHARE} of them (false when the period is too
   * short to tell). Then the "steady" rate is a warm-up's end, not a plateau.
   */
  boolean rising() {
    int n = reads.length;
    if (n < 2 * STEADY_WINDOWS) return false;
    long before = 0;
    long last = 0;
    for (int i = n - 2 * STEADY_WINDOWS; i < n - STEADY_WINDOWS; i++) before += reads[i];
    for (int i = n - STEADY_WINDOWS; i < n; i++) last += reads[i];
    return before < SHARE * last;
  }

  /**
   * The end of the first window whose rate is at least {@link #SHARE} of the steady rate, in
   * milliseconds from the start of the reads; -1 if the steady rate is 0 (nothing was read).
   */
  long millisToShare() {
    double steady = steadyPerSecond();
    if (steady <= 0) return -1;
    double needed = SHARE * steady * WINDOW_MILLIS / 1000.0;
    for (int i = 0; i < reads.length; i++) {
      if (reads[i] >= needed) return (i + 1L) * WINDOW_MILLIS;
    }
    throw new AssertionError("the last windows reach their own mean: " + Arrays.toString(reads));
  }
}
