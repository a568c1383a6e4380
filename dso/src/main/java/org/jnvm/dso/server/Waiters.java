package org.jnvm.dso.server;

import java.io.DataInputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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
 */
final class Waiters {
  private record Waiter(Ticket ticket, Replier replier) {}

  private final DsoNode node;
  private final Map<String, List<Waiter>> byKey = new HashMap<>();

  Waiters(DsoNode node) {
    this.node = node;
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

  private static String tag(boolean persistent, String key) {
    return (persistent ? "P" : "E") + key;
  }
}
