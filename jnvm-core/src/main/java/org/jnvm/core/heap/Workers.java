package org.jnvm.core.heap;

/** Runs a few threads of one job and waits for them all (the migration's scan and conversion). */
final class Workers {
  private Workers() {}

  /** Runs {@code job(i)} for i in [0, n): on the calling thread if n is 1, else one thread each. */
  static void run(int n, String name, java.util.function.IntConsumer job) {
    if (n == 1) {
      job.accept(0);
      return;
    }
    Thread[] ts = new Thread[n];
    for (int i = 0; i < n; i++) {
      int me = i;
      ts[i] = new Thread(() -> job.accept(me), name + "-" + i);
      ts[i].start();
    }
    join(ts);
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
