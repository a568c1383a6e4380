package org.jnvm.core.heap;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.IntConsumer;

/** Runs a few threads of one job and waits for them all (the migration's scan and conversion). */
final class Workers {
  private Workers() {}

  /**
   * Runs {@code job(i)} for i in [0, n): on the calling thread if n is 1, else one thread each.
   * Returns when every thread has ended; then rethrows the first failure of any of them (an error
   * or exception escaping a job), so that none is lost in a thread's death.
   */
  static void run(int n, String name, IntConsumer job) {
    if (n == 1) {
      job.accept(0);
      return;
    }
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread[] ts = new Thread[n];
    for (int i = 0; i < n; i++) {
      int me = i;
      ts[i] = new Thread(() -> runOne(job, me, failure), name + "-" + i);
      ts[i].start();
    }
    join(ts);
    Throwable t = failure.get();
    if (t instanceof RuntimeException r) throw r;
    if (t instanceof Error e) throw e;
    if (t != null) throw new IllegalStateException(t);
  }

  private static void runOne(IntConsumer job, int i, AtomicReference<Throwable> failure) {
    try {
      job.accept(i);
    } catch (Throwable t) {
      failure.compareAndSet(null, t);
    }
  }

  private static void join(Thread[] ts) {
    boolean interrupted = false;
    for (Thread t : ts) {
      while (true) {
        try {
          t.join();
          break;
        } catch (InterruptedException e) {
          interrupted = true; // the workers write the heap: never leave them running
        }
      }
    }
    if (interrupted) Thread.currentThread().interrupt();
  }
}
