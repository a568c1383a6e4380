package org.jnvm.ycsb.bench;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How far apart two threads run: the round trip of one cache line between them, each waiting for
 * the other's store before storing. The runner measures it before and after each unit, while no
 * child runs, so a report shows where the machine had its CPUs around each unit.
 *
 * <p>Why: on the benchmarks' 2-vCPU VM the round trip is 42-77 ns most of the time and 320-445 ns
 * while the hypervisor has placed the two vCPUs on distant cores, and it switches within minutes.
 * Far apart, every cache line that two client threads both write costs several times more, and a
 * row whose path shares many such lines loses much of its second thread: bounded jpdt (Infinispan's
 * loader path and bounded container: Caffeine's buffers and frequency sketch, the container's map,
 * the persistence manager's lock, YCSB's shared histograms) ran C with 2 threads at 547k ops/s in a
 * unit far apart before and after, 763k and 891k in two far at one end, and 924-1,151k in four near
 * at both, against 519-552k with one thread.
 */
final class CoreDistance {
  /** A round trip above this is far: between the two modes measured on the VM. */
  static final double FAR_NANOS = 150;

  private static final int ROUNDS = 100_000;

  /** A window's length, and what a window whose echo never answered reports. */
  static final long WINDOW_NANOS = 50_000_000;

  private CoreDistance() {}

  /** True if there are two CPUs to measure between. */
  static boolean measurable() {
    return Runtime.getRuntime().availableProcessors() >= 2;
  }

  /**
   * The median round trip of three windows, after one discarded (the JIT compiles the loops), in
   * nanoseconds. A window ends after 100,000 round trips or about 50 ms: where a round trip costs a
   * context switch (the two threads sharing a busy CPU), the figure is large, not slow to measure.
   */
  static double roundTripNanos() {
    window();
    double[] w = {window(), window(), window()};
    Arrays.sort(w);
    return w[1];
  }

  private static double window() {
    AtomicLong line = new AtomicLong();
    long deadline = System.nanoTime() + WINDOW_NANOS;
    Thread echo = new Thread(() -> echo(line, deadline), "core-distance");
    echo.setDaemon(true);
    echo.start();
    long start = 0;
    int timed = 0; // round trips completed since start
    for (int i = 0; i < ROUNDS; i++) {
      if ((i & 63) == 0 && System.nanoTime() > deadline) break;
      if (!await(line, 2L * i, deadline)) break;
      if (i == 1) start = System.nanoTime(); // after the echo thread's start
      if (i >= 2) timed++;
      line.set(2L * i + 1);
    }
    long elapsed = System.nanoTime() - start;
    try {
      echo.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return timed == 0 ? WINDOW_NANOS : (double) elapsed / timed;
  }

  private static void echo(AtomicLong line, long deadline) {
    for (int i = 0; i < ROUNDS; i++) {
      if (!await(line, 2L * i + 1, deadline)) return;
      line.set(2L * i + 2);
    }
  }

  /** Spins until {@code line} holds {@code value}; false if the deadline passes first. */
  private static boolean await(AtomicLong line, long value, long deadline) {
    for (int spins = 1; line.get() != value; spins++) {
      if ((spins & 1023) == 0 && System.nanoTime() > deadline) return false;
      Thread.onSpinWait();
    }
    return true;
  }
}
