package org.jnvm.crucial.apps;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.jnvm.crucial.CloudThread;
import org.jnvm.crucial.ServerlessExecutorService;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicLong;

/**
 * Monte Carlo estimation of pi (CRUCIAL's Listing 1): n cloud threads each draw points in the unit
 * square and add the number that fell in the quarter circle to one shared counter.
 */
public final class MonteCarloPi {
  private MonteCarloPi() {}

  /** One cloud thread's work; seeded, so that a re-run (and a test) draws the same points. */
  public record Estimator(AtomicLong hits, long points, long seed)
      implements Runnable, Serializable {
    @Override
    public void run() {
      hits.addAndGet(countInside(points, seed));
    }
  }

  /** The points, among {@code points} drawn from {@code seed}, inside the quarter circle. */
  public static long countInside(long points, long seed) {
    SplittableRandom r = new SplittableRandom(seed);
    long in = 0;
    for (long i = 0; i < points; i++) {
      double x = r.nextDouble();
      double y = r.nextDouble();
      if (x * x + y * y <= 1.0) {
        in++;
      }
    }
    return in;
  }

  /** The outcome of a run: points inside, points drawn, and the estimate. */
  public record Result(long hits, long points) {
    public double pi() {
      return 4.0 * hits / points;
    }
  }

  /**
   * Runs {@code threads} cloud threads of {@code pointsEach} points, thread i seeded with {@code
   * seed + i}, counting into the ephemeral counter {@code key} (reset first).
   */
  public static Result run(
      DsoClient dso,
      ServerlessExecutorService se,
      String key,
      int threads,
      long pointsEach,
      long seed)
      throws InterruptedException {
    AtomicLong hits = dso.atomicLong(key, false, 0);
    hits.set(0);
    List<CloudThread> ts = new ArrayList<>();
    for (int i = 0; i < threads; i++) {
      ts.add(new CloudThread(se, new Estimator(hits, pointsEach, seed + i)));
    }
    ts.forEach(Thread::start);
    for (CloudThread t : ts) {
      t.join();
      if (t.failure() != null) {
        throw new IllegalStateException("a pi estimator failed", t.failure());
      }
    }
    return new Result(hits.get(), threads * pointsEach);
  }
}
