package org.jnvm.crucial.bench;

import java.util.Arrays;

/**
 * Latencies of one measured operation, in nanoseconds, gathered over one or more rounds, and their
 * percentiles.
 */
final class Latency {
  private final long[] samples;
  private int n;
  private boolean sorted;

  Latency(int capacity) {
    samples = new long[capacity];
  }

  /** One operation; {@code i} counts calls, for operations that vary their input. */
  @FunctionalInterface
  interface Op {
    void run(int i) throws Exception;
  }

  /** Latencies already measured, in nanoseconds (reports built from known figures). */
  static Latency of(long... nanos) {
    Latency l = new Latency(nanos.length);
    System.arraycopy(nanos, 0, l.samples, 0, nanos.length);
    l.n = nanos.length;
    return l;
  }

  /** Runs {@code op} {@code count} times unrecorded. */
  static void warm(Op op, int count) throws Exception {
    for (int i = 0; i < count; i++) {
      op.run(i);
    }
  }

  /** Times {@code op} {@code count} more times. */
  void record(Op op, int count) throws Exception {
    if (n + count > samples.length) {
      throw new IllegalArgumentException(
          "too many samples: " + (n + count) + " > capacity " + samples.length);
    }
    for (int i = 0; i < count; i++) {
      long t0 = System.nanoTime();
      op.run(n);
      samples[n++] = System.nanoTime() - t0;
    }
    sorted = false;
  }

  /** The q-quantile (0..1) in microseconds, nearest rank. */
  double micros(double q) {
    if (n == 0) {
      throw new IllegalStateException("no samples");
    }
    if (!sorted) {
      Arrays.sort(samples, 0, n);
      sorted = true;
    }
    int rank = (int) Math.ceil(q * n) - 1;
    return samples[Math.max(0, Math.min(n - 1, rank))] / 1000.0;
  }

  double p50() {
    return micros(0.50);
  }

  double p99() {
    return micros(0.99);
  }
}
