package org.jnvm.jpdt.collection;

import java.util.concurrent.atomic.AtomicReference;

/** Runs the tasks of a rebuild on a few threads of its own (recovery's way: no shared pool). */
final class Parallel {
  /** Below this many slots a rebuild runs on the calling thread alone. */
  static final int SERIAL_BELOW = 1 << 14;

  /** One unit of work: task number {@code task}, run by worker {@code worker}. */
  @FunctionalInterface
  interface Body {
    void run(int worker, int task);
  }

  private Parallel() {}

  /** Workers for {@code work} items: one when small, else one per core. */
  static int workersFor(long work) {
    return work < SERIAL_BELOW ? 1 : Math.max(1, Runtime.getRuntime().availableProcessors());
  }

  /**
   * Runs {@code body} for every task in {@code [0, tasks)}; worker {@code w} of {@code workers}
   * takes tasks {@code w, w + workers, ...}. Returns when all are done; rethrows the first failure.
   */
  static void run(int tasks, int workers, Body body) {
    if (workers <= 1) {
      for (int t = 0; t < tasks; t++) body.run(0, t);
      return;
    }
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread[] threads = new Thread[workers];
    for (int w = 0; w < workers; w++) {
      int worker = w;
      threads[w] =
          new Thread(
              () -> {
                try {
                  for (int t = worker; t < tasks && failure.get() == null; t += workers) {
                    body.run(worker, t);
                  }
                } catch (Throwable e) {
                  failure.compareAndSet(null, e);
                }
              },
              "jpdt-rebuild-" + w);
      threads[w].start();
    }
    join(threads);
    rethrow(failure.get());
  }

  private static void join(Thread[] threads) {
    for (Thread t : threads) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while rebuilding an index", e);
      }
    }
  }

  private static void rethrow(Throwable t) {
    if (t == null) return;
    if (t instanceof RuntimeException r) throw r;
    if (t instanceof Error e) throw e;
    throw new IllegalStateException(t);
  }
}
