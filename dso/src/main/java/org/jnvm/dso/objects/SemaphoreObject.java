package org.jnvm.dso.objects;

import java.io.Serializable;
import java.util.ArrayDeque;

/**
 * Server-side state machine of {@link org.jnvm.dso.lib.Semaphore}: fair (first come, first served).
 * An acquire that cannot be granted parks in a FIFO queue; a release grants permits to the head of
 * the queue as long as they suffice.
 */
public final class SemaphoreObject implements Serializable {
  private static final long serialVersionUID = 1L;

  private record Request(Ticket ticket, int permits) implements Serializable {}

  private int permits;
  private final ArrayDeque<Request> queue = new ArrayDeque<>();

  public SemaphoreObject(int permits) {
    this.permits = permits;
  }

  public Object acquire(int n) {
    check(n);
    if (queue.isEmpty() && permits >= n) {
      permits -= n;
      return true;
    }
    queue.add(new Request(Calls.ticket(), n));
    return Calls.park();
  }

  public boolean tryAcquire(int n) {
    check(n);
    if (queue.isEmpty() && permits >= n) {
      permits -= n;
      return true;
    }
    return false;
  }

  public void release(int n) {
    check(n);
    permits += n;
    while (!queue.isEmpty() && queue.peek().permits() <= permits) {
      Request r = queue.poll();
      permits -= r.permits();
      Calls.complete(r.ticket(), true);
    }
  }

  @ReadOnly
  public int availablePermits() {
    return permits;
  }

  @ReadOnly
  public int getQueueLength() {
    return queue.size();
  }

  private static void check(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("permits must be >= 0: " + n);
    }
  }
}
