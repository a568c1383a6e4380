package org.jnvm.dso.server;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Decoded states of the objects whose calls ran here last, so that the next call on an object skips
 * deserializing its state. An entry pairs the state object with the very box (the {@code byte[]}
 * instance) it was decoded from or encoded into: it is used only when the cache's current value for
 * the object is that same instance, which no other write produces (every write stores a new array,
 * and arrays are never changed once stored), so the state always matches the stored box.
 *
 * <p>A run <em>takes</em> the entry out and puts it back only after its write: two runs can never
 * share a state object, and a run that throws, or writes nothing (a {@code @ReadOnly} method, whose
 * changes would not be stored), drops it, so a half-done change never reaches a later call. Least
 * recently used entries go once the boxes held exceed a sixteenth of the maximum heap. One cache
 * per JVM: the identity check keeps nodes sharing a JVM (tests) apart.
 */
final class StateCache {
  static final StateCache SHARED = new StateCache(Runtime.getRuntime().maxMemory() / 16);

  private record Entry(byte[] box, Object state) {}

  private final long budget;
  private final LinkedHashMap<String, Entry> entries = new LinkedHashMap<>(64, 0.75f, true);
  private long bytes;
  private final AtomicLong hits = new AtomicLong();
  private final AtomicLong misses = new AtomicLong();

  StateCache(long budgetBytes) {
    this.budget = budgetBytes;
  }

  /**
   * Removes the object's entry and returns its state if it was decoded from {@code box} (the same
   * instance), or null: the caller decodes the state itself.
   */
  Object take(boolean persistent, String cacheKey, byte[] box) {
    Entry e;
    synchronized (this) {
      e = entries.remove(key(persistent, cacheKey));
      if (e != null) {
        bytes -= e.box.length;
      }
    }
    if (e != null && e.box == box) {
      hits.incrementAndGet();
      return e.state;
    }
    misses.incrementAndGet();
    return null;
  }

  /** Records that {@code state} is what {@code box}, just written for the object, holds. */
  void put(boolean persistent, String cacheKey, byte[] box, Object state) {
    if (box.length > budget) {
      return;
    }
    synchronized (this) {
      Entry old = entries.put(key(persistent, cacheKey), new Entry(box, state));
      bytes += box.length - (old == null ? 0 : old.box.length);
      Iterator<Map.Entry<String, Entry>> it = entries.entrySet().iterator();
      while (bytes > budget && it.hasNext()) {
        bytes -= it.next().getValue().box.length;
        it.remove();
      }
    }
  }

  long hits() {
    return hits.get();
  }

  long misses() {
    return misses.get();
  }

  synchronized int size() {
    return entries.size();
  }

  private static String key(boolean persistent, String cacheKey) {
    return (persistent ? "p" : "e") + cacheKey;
  }
}
