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
 * <p>A failed growth (a full file system) stops growing ahead ({@link #stop}, under the
 * reservation's lock) until a growth on an allocating thread succeeds: that thread meets the same
 * failure itself and reports it with its own request in the message, and a full file system is not
 * retried at every chunk. Any other exception also stops it, and is printed.
 *
 * <p>One daemon thread serves every heap of the process, one growth at a time (a growth that waits
 * for an allocating thread's growth of its heap delays the other heaps' too), and exits after a few
 * idle seconds: a JVM exiting while it grows a heap is a crash in the middle of a growth, which
 * {@link Reservation}'s crash argument covers.
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
            t.setContextClassLoader(null); // not the first allocating thread's
            return t;
          });

  private final Runnable growth;
  private final AtomicBoolean pending = new AtomicBoolean();
  private volatile boolean stopped;

  /** {@code growth} grows the heap by a step if it still needs one; it may throw. */
  GrowAhead(Runnable growth) {
    this.growth = growth;
  }

  /**
   * Queues a growth unless one is pending or a failure stopped growing ahead. If the grower thread
   * cannot be started, nothing is queued: the allocation that runs out grows the heap itself.
   */
  void request() {
    if (stopped || !pending.compareAndSet(false, true)) return;
    try {
      GROWER.execute(this::run);
    } catch (RuntimeException | OutOfMemoryError e) { // rejected, or no native thread
      pending.set(false);
    }
  }

  /** True while a growth is queued or running (for tests). */
  boolean pending() {
    return pending.get();
  }

  /** A growth on an allocating thread succeeded: growing ahead may succeed again. */
  void resume() {
    stopped = false;
  }

  /** A growth ahead failed (a full file system): no more until {@link #resume}. */
  void stop() {
    stopped = true;
  }

  private void run() {
    try {
      growth.run();
    } catch (RuntimeException e) { // not a full heap: the growth stops itself then
      stopped = true;
      System.err.println("[jnvm] growing a heap ahead of need failed, stopped: " + e);
    } finally {
      pending.set(false);
    }
  }
}
