package org.jnvm.core.heap;

import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Runs one heap's growth ahead of need on the shared grower thread, so that the thread whose
 * allocation would have grown the heap does not wait for the step's zeros (0.33-0.37 s per GiB on
 * tmpfs pages the machine used before, 2.7-3.0 s where a hypervisor backs guest memory at its first
 * touch: {@link Reservation#MAX_STEP}).
 *
 * <p>At most one growth of a heap is queued or running at a time ({@link #request} while one is
 * pending does nothing). The growth itself ({@link Allocator#growAhead}) decides under the
 * reservation's lock whether it is still needed, so an allocation that runs out meanwhile waits on
 * that lock for the growth in flight instead of starting its own.
 *
 * <p>A failed growth (a full file system) stops growing ahead until a growth on an allocating
 * thread succeeds: that thread meets the same failure itself and reports it with its own request in
 * the message, and a full file system is not retried at every chunk.
 *
 * <p>One daemon thread serves every heap of the process and exits after a few idle seconds: a JVM
 * exiting while it grows a heap is a crash in the middle of a growth, which {@link Reservation}'s
 * crash argument covers.
 */
final class GrowAhead {
  private static final ThreadPoolExecutor GROWER =
      new ThreadPoolExecutor(
          0,
          1,
          5,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(),
          r -> {
            Thread t = new Thread(r, "jnvm-heap-growth");
            t.setDaemon(true);
            return t;
          });

  private final Runnable growth;
  private final AtomicBoolean pending = new AtomicBoolean();
  private volatile boolean stopped;

  /** {@code growth} grows the heap by a step if it still needs one; it may throw. */
  GrowAhead(Runnable growth) {
    this.growth = growth;
  }

  /** Queues a growth unless one is pending or a failure stopped growing ahead. */
  void request() {
    if (stopped || !pending.compareAndSet(false, true)) return;
    GROWER.execute(this::run);
  }

  /** A growth on an allocating thread succeeded: growing ahead may succeed again. */
  void resume() {
    stopped = false;
  }

  private void run() {
    try {
      growth.run();
    } catch (RuntimeException e) {
      stopped = true; // the next growth on an allocating thread reports it
    } finally {
      pending.set(false);
    }
  }
}
