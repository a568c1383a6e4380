package org.jnvm.dso.client;

import java.util.concurrent.TimeUnit;

/**
 * A call in flight on one connection: waits for its final reply, remembering whether the node said
 * it was parked (then no per-attempt timeout applies) or the connection was lost.
 */
final class PendingCall {
  private ClientConnection.Reply reply;
  private boolean parked;
  private boolean lost;
  private Runnable onDone = () -> {};

  synchronized void offer(ClientConnection.Reply r) {
    if (r.status() == org.jnvm.dso.wire.Protocol.REPLY_PARKED) {
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

  synchronized void onDone(Runnable r) {
    onDone = r;
  }

  /**
   * Waits for the final reply: at most {@code attemptMs} unless the call is parked, and never
   * beyond {@code deadline} (System.nanoTime) unless parked. Returns null on timeout or loss.
   */
  ClientConnection.Reply await(long attemptMs, long deadline) throws InterruptedException {
    long end = Math.min(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(attemptMs), deadline);
    synchronized (this) {
      while (reply == null && !lost) {
        long left = end - System.nanoTime();
        if (!parked && left <= 0) {
          break;
        }
        if (parked) {
          wait();
        } else {
          TimeUnit.NANOSECONDS.timedWait(this, left);
        }
      }
    }
    onDone.run();
    return reply;
  }

  synchronized boolean wasParked() {
    return parked;
  }

  synchronized boolean wasLost() {
    return lost;
  }
}
