package org.jnvm.crucial.apps;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import org.jnvm.crucial.ServerlessExecutorService;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.lib.CyclicBarrier;
import org.jnvm.dso.lib.SharedMap;

/**
 * k-means (CRUCIAL's Listing 11) with its state in persistent shared objects, so that a run killed
 * anywhere (driver, functions and DSO nodes alike) resumes where it stopped and ends with the same
 * centroids, bit for bit, as a run that was never interrupted.
 *
 * <p>Shared state of a run named {@code R}:
 *
 * <pre>
 * R/iteration   persistent AtomicLong   iterations completed: centroids c/i exist for i &lt;= it
 * R/state       persistent SharedMap    "c/i" -&gt; centroids of iteration i (k x dims)
 *                                       "p/i/w" -&gt; worker w's partial sums in iteration i
 * R/barrier/E   ephemeral CyclicBarrier one per driver start E (W parties)
 * </pre>
 *
 * Each iteration i, worker w: (1) has c/i (read at start, computed after), (2) puts its partial
 * p/i/w (a put: re-running it writes the same value), (3) awaits the barrier, (4) combines the W
 * partials in worker order into c/(i+1); worker 0 puts c/(i+1), then moves R/iteration from i to
 * i+1. Every step is a function of the data and of c/i only, so a restart from the persisted
 * R/iteration recomputes exactly what the lost run would have. Workers stop after an iteration that
 * changes no centroid, or at the cap.
 */
public final class KMeans {
  private KMeans() {}

  /** One worker (a function): iterations from the persisted counter to convergence. */
  public record Worker(
      KMeansData data,
      int w,
      int workers,
      int maxIterations,
      long pauseMs,
      AtomicLong iteration,
      SharedMap<String, double[]> state,
      CyclicBarrier barrier)
      implements Callable<Long>, Serializable {
    @Override
    public Long call() throws InterruptedException {
      double[] fragment = data.fragment(w);
      long it = iteration.get();
      if (it > 0 && Arrays.equals(state.get("c/" + it), state.get("c/" + (it - 1)))) {
        return it; // converged before a restart
      }
      double[] c = state.get("c/" + it);
      while (it < maxIterations) {
        state.put("p/" + it + "/" + w, data.partial(fragment, c));
        barrier.await();
        double[][] partials = new double[workers][];
        for (int i = 0; i < workers; i++) {
          partials[i] = state.get("p/" + it + "/" + i);
        }
        double[] next = data.combine(partials, c);
        if (w == 0) {
          state.put("c/" + (it + 1), next);
          iteration.compareAndSet(it, it + 1);
        }
        it++;
        Thread.sleep(pauseMs);
        boolean converged = Arrays.equals(next, c);
        c = next; // every worker computed the same c/(it + 1): no need to read worker 0's copy
        if (converged) {
          break;
        }
      }
      return it;
    }
  }

  /** The result: iterations completed and the final centroids. */
  public record Result(long startedAt, long iterations, double[] centroids) {
    /** The centroids, exactly (hexadecimal doubles). */
    public String exact() {
      StringBuilder b = new StringBuilder();
      for (double d : centroids) {
        b.append(b.length() == 0 ? "" : " ").append(Double.toHexString(d));
      }
      return b.toString();
    }
  }

  /**
   * Waits for every worker, rethrowing the first failure as soon as it happens: the other workers
   * would wait for the failed one at the barrier forever.
   */
  static void awaitAll(List<Future<Long>> fs) throws Exception {
    while (!fs.stream().allMatch(Future::isDone)) {
      for (Future<Long> f : fs) {
        if (f.isDone()) {
          f.get();
        }
      }
      Thread.sleep(20);
    }
    for (Future<Long> f : fs) {
      f.get();
    }
  }

  /**
   * Runs (or resumes) the run named {@code run} with {@code workers} functions and returns its
   * result once every worker stopped.
   */
  public static Result run(
      DsoClient dso,
      ServerlessExecutorService se,
      String run,
      KMeansData data,
      int workers,
      int maxIterations,
      long pauseMs)
      throws Exception {
    AtomicLong iteration = dso.atomicLong(run + "/iteration", true, 0);
    SharedMap<String, double[]> state = dso.map(run + "/state", true);
    state.putIfAbsent("c/0", data.initialCentroids());
    long start = iteration.get();
    String epoch = Long.toHexString(new java.security.SecureRandom().nextLong());
    CyclicBarrier barrier = dso.cyclicBarrier(run + "/barrier/" + epoch, workers);
    List<Callable<Long>> tasks = new ArrayList<>();
    for (int w = 0; w < workers; w++) {
      tasks.add(new Worker(data, w, workers, maxIterations, pauseMs, iteration, state, barrier));
    }
    List<Future<Long>> fs = new ArrayList<>();
    for (Callable<Long> t : tasks) {
      fs.add(se.submit(t));
    }
    awaitAll(fs);
    long done = iteration.get();
    return new Result(start, done, state.get("c/" + done));
  }
}
