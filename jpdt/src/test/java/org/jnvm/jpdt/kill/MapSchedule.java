package org.jnvm.jpdt.kill;

import java.util.Map;
import java.util.TreeMap;

/**
 * What each writer thread of the kill workload does, a pure function of (thread, operation number),
 * so that the state after any number of a thread's operations can be recomputed.
 *
 * <p>Thread {@code t} owns keys {@code t<t>/0 .. t<t>/5} and a counter key {@code t<t>/ctr}. Its
 * operation {@code j} (from 1) touches key {@code j % 6}: in rounds of six operations it inserts,
 * then replaces, then removes each key, with values of varying length (several size classes). After
 * the data operation the counter is set to {@code j}: so after a crash the counter says {@code c}
 * and the data is as after {@code c} or {@code c + 1} operations.
 *
 * <p>Global operation numbers interleave the threads: operation {@code n >= 1} is operation {@code
 * (n - 1) / W + 1} of thread {@code (n - 1) % W}. All operations up to {@code n} are done when each
 * thread {@code t} has done {@code d_t} operations with {@code n <= d_t * W + t} for every t.
 */
final class MapSchedule {
  static final int KEYS = 6;

  private MapSchedule() {}

  static String key(int thread, long j) {
    return "t" + thread + "/" + (j % KEYS);
  }

  static String counterKey(int thread) {
    return "t" + thread + "/ctr";
  }

  /** The value operation {@code j} stores, or null if it removes its key. */
  static String value(long j) {
    long round = (j / KEYS) % 3;
    if (round == 2) return null;
    return (round == 0 ? "v" : "w") + j + "-" + "x".repeat((int) (j % 97));
  }

  /** The data keys of thread {@code t} after its operations {@code 1..c}. */
  static Map<String, String> expected(int thread, long c) {
    Map<String, String> m = new TreeMap<>();
    for (long j = Math.max(1, c - 3 * KEYS); j <= c; j++) {
      String v = value(j);
      if (v == null) m.remove(key(thread, j));
      else m.put(key(thread, j), v);
    }
    return m;
  }

  /** The highest global operation number such that it and all below are done. */
  static long watermark(long[] done) {
    long w = Long.MAX_VALUE;
    for (int t = 0; t < done.length; t++) w = Math.min(w, done[t] * done.length + t);
    return w;
  }

  /** Operations of thread {@code t} among global operations {@code 1..n}, with W threads. */
  static long required(int thread, int threads, long n) {
    return n <= thread ? 0 : (n - thread - 1) / threads + 1;
  }
}
