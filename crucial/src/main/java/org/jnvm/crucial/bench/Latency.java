package org.jnvm.crucial.bench;

import java.util.Arrays;

/** Latencies of one measured operation, in nanoseconds, and their percentiles. */
final class Latency {
  private final long[] samples;
  private int n;

  Latency(int capacity) {
    samples = new long[capacity];
  }

  /** Times {@code op} {@code warmup} times unrecorded, then {@code samples.length} times. */
  static Latency measure(int warmup, int ops, Op op) throws Exception {
    for (int i = 0; i < warmup; i++) {
      op.run(i);
    }
    Latency l = new Latency(ops);
    for (int i = 0; i < ops; i++) {
      long t0 = System.nanoTime();
      op.run(i);
      l.samples[l.n++] = System.nanoTime() - t0;
    }
    Arrays.sort(l.samples, 0, l.n);
    return l;
  }

  /** One operation; {@code i} counts calls, for operations that vary their input. */
  @FunctionalInterface
  interface Op {
    void run(int i) throws Exception;
  }

  /** The q-quantile (0..1) in microseconds, nearest rank. */
  double micros(double q) {
    if (n == 0) {
      throw new IllegalStateException("no samples");
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
