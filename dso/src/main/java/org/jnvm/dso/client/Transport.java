package org.jnvm.dso.client;

import java.io.IOException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.dso.CallJournal;
import org.jnvm.dso.DsoException;
import org.jnvm.dso.wire.CallRequest;
import org.jnvm.dso.wire.Outcome;
import org.jnvm.dso.wire.Protocol;

/**
 * Sends calls to the nodes: routing, failover and retries with exactly-once semantics.
 *
 * <p>Each client thread has its own session (a random 64-bit id) whose calls are numbered 1, 2,
 * 3...: a thread issues one call at a time, so the object's table needs only the last call of each
 * session. A retry reuses the ticket (session, seq), so it is answered from the table if the first
 * attempt was applied, whichever node it reaches.
 *
 * <p>Routing: a call goes to the node the last reply named as the object's primary, else to the
 * next node in turn; any node can serve any call (it forwards to the owners), so routing only saves
 * a hop. A call is retried on another node when the connection fails, when no reply comes within
 * the attempt timeout (unless the node said the call is parked), or when the node asks for a retry;
 * it fails with {@link DsoException.Unreachable} after the call timeout, counted from the call's
 * start or from the moment a parked call lost its node.
 */
public final class Transport implements AutoCloseable {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final List<String> endpoints;
  private final long callTimeoutMs;
  private final long attemptTimeoutMs;
  private final String token;
  private final Map<String, ClientConnection> connections = new ConcurrentHashMap<>();
  private final Map<String, String> routes = new ConcurrentHashMap<>();
  private final Map<String, Object> connectLocks = new ConcurrentHashMap<>();
  private final AtomicInteger next = new AtomicInteger();
  private final ThreadLocal<long[]> session =
      ThreadLocal.withInitial(() -> new long[] {newSessionId(), 0});

  /** The journal installed on this thread (any transport), with the attempt's last seq. */
  private static final ThreadLocal<Journaled> JOURNAL = new ThreadLocal<>();

  private static final class Journaled {
    final CallJournal journal;
    long seq;

    Journaled(CallJournal journal) {
      this.journal = journal;
    }
  }

  private volatile boolean closed;

  public Transport(
      List<String> endpoints, long callTimeoutMs, long attemptTimeoutMs, String token) {
    if (endpoints.isEmpty()) {
      throw new IllegalArgumentException("no DSO server endpoints given");
    }
    for (String e : endpoints) {
      if (e.lastIndexOf(':') < 1) {
        throw new IllegalArgumentException("endpoint must be host:port: '" + e + "'");
      }
    }
    this.endpoints = List.copyOf(endpoints);
    this.callTimeoutMs = callTimeoutMs;
    this.attemptTimeoutMs = attemptTimeoutMs;
    this.token = token;
  }

  private static long newSessionId() {
    long id;
    do {
      id = RANDOM.nextLong();
    } while (id == 0);
    return id;
  }

  /** Issues one call and returns its outcome (a value or an error outcome). */
  public Outcome call(
      byte op,
      String type,
      String key,
      boolean persistent,
      String method,
      byte[] args,
      byte[] init) {
    if (closed) {
      throw new IllegalStateException("DSO client is closed");
    }
    Journaled j = JOURNAL.get();
    if (j != null) {
      return journaled(j, op, type, key, persistent, method, args, init);
    }
    long[] s = session.get();
    CallRequest req =
        new CallRequest(
            op,
            type,
            key,
            persistent,
            s[0],
            ++s[1],
            System.currentTimeMillis(),
            method,
            args,
            init);
    return issue(req);
  }

  /**
   * Runs {@code body} on this thread with {@code journal} installed: calls are numbered in the
   * journal's session from 1, recorded ones are answered from it (see {@link CallJournal}).
   */
  public static <T> T runJournaled(CallJournal journal, java.util.concurrent.Callable<T> body)
      throws Exception {
    if (JOURNAL.get() != null) {
      throw new IllegalStateException("a call journal is already installed on this thread");
    }
    if (journal.session() == 0) {
      throw new IllegalArgumentException("a journal's session id must be nonzero");
    }
    JOURNAL.set(new Journaled(journal));
    try {
      return body.call();
    } finally {
      JOURNAL.remove();
    }
  }

  private Outcome journaled(
      Journaled j,
      byte op,
      String type,
      String key,
      boolean persistent,
      String method,
      byte[] args,
      byte[] init) {
    long seq = ++j.seq;
    String call = op + " " + type + "." + method + " '" + key + "'" + (persistent ? " P" : " E");
    CallJournal.Entry done = j.journal.recorded(seq);
    if (done != null) {
      if (!done.call().equals(call)) {
        throw new DsoException(
            "task is not deterministic: its call "
                + seq
                + " was "
                + done.call()
                + " in an earlier attempt and is "
                + call
                + " now");
      }
      return Outcome.decode(done.outcome());
    }
    CallRequest req =
        new CallRequest(
            op,
            type,
            key,
            persistent,
            j.journal.session(),
            seq,
            System.currentTimeMillis(),
            method,
            args,
            init);
    Outcome o = issue(req);
    j.journal.record(seq, new CallJournal.Entry(call, o.encode()));
    return o;
  }

  private Outcome issue(CallRequest req) {
    long[] deadline = {System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(callTimeoutMs)};
    List<String> tried = new ArrayList<>();
    String route = routeKey(req.persistent(), req.cacheKey());
    String target = routes.get(route);
    for (int attempt = 0; ; attempt++) {
      if (target == null) {
        target = endpoints.get(Math.floorMod(next.getAndIncrement(), endpoints.size()));
      }
      ClientConnection.Reply r = attempt(req, target, deadline, tried);
      if (r != null && r.status() == Protocol.REPLY_FINAL) {
        if (!r.routeHint().isEmpty()) {
          routes.put(route, r.routeHint());
        }
        return r.outcome();
      }
      routes.remove(route);
      target = null;
      if (System.nanoTime() > deadline[0]) {
        throw new DsoException.Unreachable(
            "no DSO server completed "
                + req.type()
                + "."
                + req.method()
                + " on '"
                + req.key()
                + "' within "
                + callTimeoutMs
                + " ms; attempts: "
                + tried,
            null);
      }
      if (attempt >= endpoints.size() - 1) {
        backoff(attempt);
      }
    }
  }

  /** The endpoint the next call on the object goes to first, or null when not known yet. */
  public String routeOf(boolean persistent, String type, String key) {
    return routes.get(routeKey(persistent, type + "\n" + key));
  }

  private static String routeKey(boolean persistent, String cacheKey) {
    return (persistent ? "P" : "E") + cacheKey;
  }

  private ClientConnection.Reply attempt(
      CallRequest req, String target, long[] deadline, List<String> tried) {
    try {
      ClientConnection c = connection(target);
      PendingCall p = c.send(req);
      ClientConnection.Reply r = c.await(p, attemptTimeoutMs, deadline[0]);
      if (p.wasParked()) {
        // The call was alive, parked on a node, until now: the timeout counts from here.
        deadline[0] = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(callTimeoutMs);
      }
      if (r == null) {
        tried.add(
            target
                + (p.wasLost()
                    ? " (connection lost)"
                    : " (no reply in " + attemptTimeoutMs + " ms)"));
      } else if (r.status() == Protocol.REPLY_RETRY) {
        tried.add(target + " (retry: " + r.outcome().detail() + ": " + r.outcome().message() + ")");
      }
      return r;
    } catch (IOException e) {
      tried.add(target + " (" + e.getMessage() + ")");
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new DsoException("interrupted while calling " + req.type() + "." + req.method(), e);
    }
  }

  private ClientConnection connection(String endpoint) throws IOException {
    ClientConnection c = connections.get(endpoint);
    if (c != null && c.isOpen()) {
      return c;
    }
    // One lock per endpoint: a slow connect to one node does not hold up calls to the others.
    synchronized (connectLocks.computeIfAbsent(endpoint, e -> new Object())) {
      c = connections.get(endpoint);
      if (c == null || !c.isOpen()) {
        c = ClientConnection.open(endpoint, (int) Math.min(attemptTimeoutMs, 5000), token);
        connections.put(endpoint, c);
      }
      return c;
    }
  }

  private static void backoff(int attempt) {
    try {
      Thread.sleep(Math.min(20L << Math.min(attempt, 4), 250));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  @Override
  public void close() {
    closed = true;
    connections.values().forEach(ClientConnection::close);
    connections.clear();
  }
}
