package org.jnvm.crucial.backend;

import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.dso.CallJournal;

/**
 * A task's DSO call journal in the driver's memory: the session id chosen when the task was
 * submitted and the outcome of every call an attempt recorded (see {@link CallJournal} for why a
 * re-run then applies no call twice). It lives as long as the task; a driver crash loses it, which
 * is why applications that must survive one keep their progress in persistent shared objects.
 */
public final class TaskJournal implements CallJournal {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final long session;
  private final Map<Long, Entry> entries = new ConcurrentHashMap<>();

  public TaskJournal() {
    long s;
    do {
      s = RANDOM.nextLong();
    } while (s == 0);
    session = s;
  }

  @Override
  public long session() {
    return session;
  }

  @Override
  public Entry recorded(long seq) {
    return entries.get(seq);
  }

  /** Kept in memory: visible to every later attempt as soon as this returns. */
  @Override
  public void record(long seq, Entry entry) {
    Entry old = entries.putIfAbsent(seq, entry);
    if (old != null && !old.call().equals(entry.call())) {
      throw new IllegalStateException(
          "call " + seq + " recorded twice: " + old.call() + " then " + entry.call());
    }
  }

  /** Recorded calls so far. */
  public int size() {
    return entries.size();
  }

  /** A snapshot of the entries, by seq, for shipping to a new attempt. */
  public Map<Long, Entry> snapshot() {
    return Map.copyOf(entries);
  }
}
