package org.jnvm.dso.server;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.dso.objects.Ticket;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;

/**
 * The calls parked on this node: pending replies, no thread and no lock held for them. A parked
 * call's outcome is written into its object's table by the call that releases it; {@link #check}
 * reads those outcomes from the primary and sends the replies. Checks run when a call is parked (in
 * case it was released in between), when any node reports that a call completed parked calls of the
 * object ({@link WakeTask}), and after a view change (an owner died: calls parked on lost objects
 * are answered with an error instead of waiting forever).
 *
 * <p>Those notices are best effort: a wake is a message to every member of the current view, and a
 * check is a cache read, and either can be lost or fail while the cluster restarts or rebalances (a
 * wake sent before a restarted node joins the view, a check that meets an outdated topology). The
 * outcome itself is durable in the table, so a sweep re-checks every parked call each {@link
 * #SWEEP_MS} ms: a lost notice delays a reply by at most one sweep, it never strands the caller
 * (whose parked call has no timeout).
 */
final class Waiters implements AutoCloseable {
  /** Period of the sweep that re-checks parked calls whatever notices were lost. */
  static final long SWEEP_MS = 500;

  private record Waiter(Ticket ticket, Replier replier) {}

  private final DsoNode node;
  private final Map<String, List<Waiter>> byKey = new HashMap<>();
  private final AtomicLong failedChecks = new AtomicLong();
  private final ScheduledExecutorService sweeper;

  Waiters(DsoNode node, String name) {
    this.node = node;
    this.sweeper =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "dso-waiters-sweep-" + name);
              t.setDaemon(true);
              return t;
            });
    sweeper.scheduleWithFixedDelay(this::sweep, SWEEP_MS, SWEEP_MS, TimeUnit.MILLISECONDS);
  }

  private void sweep() {
    try {
      if (size() > 0) {
        checkAll();
      }
    } catch (RuntimeException e) {
      // A failed sweep is retried by the next one; the caches may be stopping or rebalancing.
      failedChecks.incrementAndGet();
    }
  }

  /** Parks a call; a retry of the same ticket replaces the earlier registration. */
  void park(boolean persistent, String key, Ticket ticket, Replier replier) {
    synchronized (this) {
      List<Waiter> list = byKey.computeIfAbsent(tag(persistent, key), k -> new ArrayList<>());
      list.removeIf(w -> w.ticket.equals(ticket) || !w.replier.open());
      list.add(new Waiter(ticket, replier));
    }
    check(persistent, key);
  }

  /** Answers the calls parked on the object whose outcome is now recorded. */
  void check(boolean persistent, String key) {
    List<Waiter> waiting;
    synchronized (this) {
      List<Waiter> list = byKey.get(tag(persistent, key));
      if (list == null || list.isEmpty()) {
        return;
      }
      waiting = List.copyOf(list);
    }
    Ticket[] tickets = waiting.stream().map(Waiter::ticket).toArray(Ticket[]::new);
    node.map(persistent)
        .eval(key, new CheckFunction(tickets))
        .whenComplete(
            (bytes, err) -> {
              if (err == null) {
                answer(persistent, key, waiting, bytes);
              } else {
                failedChecks.incrementAndGet(); // the sweep checks again
              }
            });
  }

  /** Re-checks every parked call (after a view change). */
  void checkAll() {
    List<String> tags;
    synchronized (this) {
      tags = List.copyOf(byKey.keySet());
    }
    for (String t : tags) {
      check(t.charAt(0) == 'P', t.substring(1));
    }
  }

  private void answer(boolean persistent, String key, List<Waiter> waiting, byte[] bytes) {
    try (DataInputStream in = CallRequest.reader(bytes)) {
      for (Waiter w : waiting) {
        int n = in.readInt();
        if (n < 0) {
          continue;
        }
        byte[] o = new byte[n];
        in.readFully(o);
        if (remove(persistent, key, w)) {
          w.replier.send(Protocol.REPLY_FINAL, "", Outcome.decode(o));
        }
      }
    } catch (IOException e) {
      throw new IllegalStateException("corrupt check reply for " + key, e);
    }
  }

  private synchronized boolean remove(boolean persistent, String key, Waiter w) {
    String tag = tag(persistent, key);
    List<Waiter> list = byKey.get(tag);
    boolean removed = list != null && list.remove(w);
    if (list != null && list.isEmpty()) {
      byKey.remove(tag);
    }
    return removed;
  }

  /** Parked calls waiting on this node. */
  synchronized int size() {
    return byKey.values().stream().mapToInt(List::size).sum();
  }

  /** Checks that failed (the sweep retried them): a count for diagnosis. */
  long failedChecks() {
    return failedChecks.get();
  }

  @Override
  public void close() {
    sweeper.shutdownNow();
  }

  private static String tag(boolean persistent, String key) {
    return (persistent ? "P" : "E") + key;
  }
}
