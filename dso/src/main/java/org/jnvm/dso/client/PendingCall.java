package org.jnvm.dso.client;

import java.util.concurrent.TimeUnit;
import org.jnvm.dso.wire.Protocol;

/**
 * A call in flight on one connection: its final reply, whether the node said it was parked (then no
 * per-attempt timeout applies) or the connection was lost, and its caller's place in the
 * connection's reading ({@link ClientConnection#await}): whether the caller waits for another
 * caller to read, and whether a reader that gave up the role asked it to take over.
 */
final class PendingCall {
  /** The call's id on its connection, which its replies carry. */
  final long id;

  private ClientConnection.Reply reply;
  private boolean parked;
  private boolean lost;
  private boolean waiting;
  private boolean promoted;

  PendingCall(long id) {
    this.id = id;
  }

  synchronized void offer(ClientConnection.Reply r) {
    if (r.status() == Protocol.REPLY_PARKED) {
      parked = true;
    } else {
      reply = r;
    }
    notifyAll();
  }

  synchronized void lost() {
    lost = true;
    notifyAll();
  }

  /** True once the final reply came or the connection was lost. */
  synchronized boolean finished() {
    return reply != null || lost;
  }

  synchronized ClientConnection.Reply reply() {
    return reply;
  }

  /**
   * Marks the caller as one that may wait for another reader; set before it tries the reader role,
   * so that a reader giving the role up either is seen by it or sees it (see {@link
   * ClientConnection#await}).
   */
  synchronized void arm() {
    waiting = true;
  }

  synchronized void disarm() {
    waiting = false;
  }

  /** Asks this call's caller to take the reader role, if it waits; true if it did wait. */
  synchronized boolean promote() {
    if (!waiting || finished()) return false;
    promoted = true;
    notifyAll();
    return true;
  }

  /**
   * Waits until the final reply, the loss of the connection, a promotion, or (unless the call is
   * parked) {@code end} (System.nanoTime).
   */
  synchronized void awaitTurn(long end) throws InterruptedException {
    while (!finished() && !promoted) {
      if (parked) {
        wait();
      } else {
        long left = end - System.nanoTime();
        if (left <= 0) break;
        TimeUnit.NANOSECONDS.timedWait(this, left);
      }
    }
    promoted = false;
  }

  synchronized boolean wasParked() {
    return parked;
  }

  synchronized boolean wasLost() {
    return lost;
  }
}
