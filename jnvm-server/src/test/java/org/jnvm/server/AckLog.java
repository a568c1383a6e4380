package org.jnvm.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.exceptions.HotRodClientException;

/**
 * What a client saw acknowledged, the way Jepsen's checkers keep it: per key, the value of the last
 * acknowledged put, or its removal, and every value ever acknowledged for it (to tell a reverted
 * value from a foreign one). An operation that failed is indeterminate: its key is left out of
 * every check from then on, unless a later operation on it is acknowledged.
 */
final class AckLog {
  /** A removed key's expected state. */
  private static final String REMOVED = "";

  private final Map<String, String> last = new ConcurrentHashMap<>();
  private final Map<String, Set<String>> history = new ConcurrentHashMap<>();
  private final Set<String> indeterminate = ConcurrentHashMap.newKeySet();
  private int acked;
  private int failed;

  /** Puts {@code value} under {@code key}: true when acknowledged, and logged. */
  boolean put(RemoteCache<String, byte[]> c, String key, String value) {
    try {
      c.put(key, value.getBytes(StandardCharsets.UTF_8));
    } catch (HotRodClientException e) {
      indeterminate(key);
      return false;
    }
    acknowledged(key, value);
    return true;
  }

  /** Removes {@code key}: true when acknowledged, and logged. */
  boolean remove(RemoteCache<String, byte[]> c, String key) {
    try {
      c.remove(key);
    } catch (HotRodClientException e) {
      indeterminate(key);
      return false;
    }
    acknowledged(key, REMOVED);
    return true;
  }

  private synchronized void acknowledged(String key, String value) {
    last.put(key, value);
    history.computeIfAbsent(key, k -> ConcurrentHashMap.newKeySet()).add(value);
    indeterminate.remove(key);
    acked++;
  }

  private synchronized void indeterminate(String key) {
    indeterminate.add(key);
    failed++;
  }

  synchronized int acked() {
    return acked;
  }

  synchronized int failed() {
    return failed;
  }

  /** Keys whose last acknowledged operation was a put. */
  List<String> present() {
    List<String> out = new ArrayList<>();
    last.forEach(
        (k, v) -> {
          if (!v.equals(REMOVED) && !indeterminate.contains(k)) out.add(k);
        });
    return out;
  }

  /** What {@code c} serves for every determinate key, against what was acknowledged. */
  Verdict check(RemoteCache<String, byte[]> c) {
    Verdict v = new Verdict();
    for (Map.Entry<String, String> e : last.entrySet()) {
      String key = e.getKey();
      if (indeterminate.contains(key)) continue;
      byte[] got;
      try {
        got = c.get(key);
      } catch (HotRodClientException x) {
        v.note(Outcome.UNAVAILABLE, key, x.getMessage());
        continue;
      }
      v.note(classify(key, e.getValue(), got), key, got == null ? "null" : utf8(got));
    }
    return v;
  }

  private Outcome classify(String key, String want, byte[] got) {
    if (want.equals(REMOVED)) return got == null ? Outcome.OK : Outcome.RESURRECTED;
    if (got == null) return Outcome.LOST;
    String value = utf8(got);
    if (value.equals(want)) return Outcome.OK;
    return history.get(key).contains(value) ? Outcome.REVERTED : Outcome.FOREIGN;
  }

  /**
   * Puts back what was acknowledged for the keys {@code v} found wrong (the next scenario's start).
   */
  void heal(RemoteCache<String, byte[]> c, Verdict v) {
    for (String key : v.wrongKeys()) {
      String want = last.get(key);
      if (want.equals(REMOVED)) c.remove(key);
      else c.put(key, want.getBytes(StandardCharsets.UTF_8));
    }
  }

  private static String utf8(byte[] b) {
    return new String(b, StandardCharsets.UTF_8);
  }

  enum Outcome {
    OK,
    LOST,
    REVERTED,
    RESURRECTED,
    FOREIGN,
    UNAVAILABLE
  }

  /** Counts per outcome, and the first key of each wrong one. */
  static final class Verdict {
    final Map<Outcome, Integer> counts = new ConcurrentHashMap<>();
    final Map<Outcome, String> first = new ConcurrentHashMap<>();
    private final List<String> wrong = new ArrayList<>();

    void note(Outcome o, String key, String got) {
      counts.merge(o, 1, Integer::sum);
      if (o != Outcome.OK) {
        first.putIfAbsent(o, key + " (got " + got + ")");
        if (o != Outcome.UNAVAILABLE) wrong.add(key);
      }
    }

    int count(Outcome o) {
      return counts.getOrDefault(o, 0);
    }

    /** Acknowledged writes lost, reverted, resurrected or replaced by a value never written. */
    int violations() {
      return count(Outcome.LOST)
          + count(Outcome.REVERTED)
          + count(Outcome.RESURRECTED)
          + count(Outcome.FOREIGN);
    }

    List<String> wrongKeys() {
      return wrong;
    }
  }
}
