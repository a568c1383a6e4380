package org.jnvm.ycsb.bench;

import java.util.HashMap;
import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.RecoveryReport;
import org.jnvm.ycsb.OnJnvmHeap;
import org.jnvm.ycsb.infinispan.InfinispanDB;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The restarted child of {@code bin/jnvm bench --restart}:
 *
 * <ol>
 *   <li>opens the backend on the killed child's files (the binding's {@code init}: the cache
 *       manager, the store, a heap's recovery, a preload: what a user's restart runs);
 *   <li>reads uniformly chosen loaded keys with one thread for the unit's read period ({@link
 *       Reads}), counted in windows ({@link Steady}): the first read answered and the warm-up to
 *       90% of the steady rate, both timed from the start of the open;
 *   <li>measures the Java heap (live, after a full collection) and the process's resident memory;
 *   <li>reads every loaded and every acknowledged key ({@link LossCheck});
 *   <li>reads as in step 2 for {@link Steady#STEADY_WINDOWS} windows more: the warm rate.
 * </ol>
 *
 * then prints one {@link RestartResult} line.
 */
final class RestartMeasure {
  private RestartMeasure() {}

  static void run(RestartUnit u, Target t, long mainNanos) throws Exception {
    try (Heartbeat beat = new Heartbeat("open")) {
      long openStart = System.nanoTime();
      DB db = Phase.newDb(t.db(), u.props(t), false);
      db.init();
      long opened = System.nanoTime();
      RestartMain.phase("opened", System.currentTimeMillis());
      try {
        Map<String, String> r = new HashMap<>();
        r.put("before_open_ms", ms(openStart - mainNanos));
        r.put("open_ms", ms(opened - openStart));
        recovery(db, r);
        infinispan(db, r);
        beat.phase("reads");
        Reads reads = new Reads(db, u.records());
        reads(reads, u, openStart, opened, r);
        memory(db, r);
        beat.phase("check");
        check(db, u, r);
        warm(reads, r);
        System.out.println(RestartResult.line(r));
      } finally {
        db.cleanup();
      }
    }
  }

  private static void memory(DB db, Map<String, String> r) {
    JvmCosts.Resident res = JvmCosts.resident();
    r.put("heap_mb", Long.toString(JvmCosts.liveHeapMb()));
    r.put("rss_mb", Long.toString(res.rssMb()));
    r.put("shm_mb", Long.toString(res.shmMb()));
    r.put("entries_in_memory", Long.toString(UnitMain.entries(db)));
  }

  /** Infinispan rows: the open split into the cache manager's start and the cache's. */
  private static void infinispan(DB db, Map<String, String> r) {
    if (!(db instanceof InfinispanDB i) || i.startTimes() == null) return;
    r.put("manager_ms", ms(i.startTimes().managerNanos()));
    r.put("cache_ms", ms(i.startTimes().cacheNanos()));
  }

  /** What a J-NVM heap's recovery did when the binding opened it (nothing for other rows). */
  private static void recovery(DB db, Map<String, String> r) {
    Heap heap = db instanceof OnJnvmHeap h ? h.jnvmHeap() : null;
    RecoveryReport rr = heap == null ? null : heap.recoveryReport();
    if (rr == null) return;
    r.put("recovery_ms", ms(rr.totalNanos()));
    r.put("mark_ms", ms(rr.markNanos()));
    r.put("sweep_ms", ms(rr.sweepNanos()));
    r.put("live_objects", Long.toString(rr.liveObjects()));
  }

  private static void reads(
      Reads reads, RestartUnit u, long openStart, long opened, Map<String, String> r) {
    long[] windows = reads.run(opened, Reads.windows(u.readSeconds()));
    Steady steady = new Steady(windows);
    long toShare = steady.millisToShare();
    long first = reads.firstNanos();
    r.put("first_read_ms", first < 0 ? "-1" : ms(first - openStart));
    r.put("steady90_ms", toShare < 0 ? "-1" : ms(opened - openStart + toShare * 1_000_000L));
    r.put("steady_reads_per_s", perSecond(steady.steadyPerSecond()));
    r.put("rising", Boolean.toString(steady.rising()));
    r.put("windows", RestartResult.joinCounts(windows));
  }

  /**
   * The rate of the same reads once every key was read (by the check: a container holds them all,
   * the JIT compiled the read path): what the read period's steady rate falls short of when its
   * warm-up outlasts it.
   */
  private static void warm(Reads reads, Map<String, String> r) {
    long[] w = reads.run(System.nanoTime(), Steady.STEADY_WINDOWS);
    r.put("warm_reads_per_s", perSecond(new Steady(w).steadyPerSecond()));
    r.put("reads_failed", Long.toString(reads.failed()));
  }

  private static String perSecond(double rate) {
    return String.format(java.util.Locale.ROOT, "%.0f", rate);
  }

  private static void check(DB db, RestartUnit u, Map<String, String> r) {
    Acks acks = Acks.read(u.acked());
    Map<String, ByteIterator> out = new HashMap<>();
    LossCheck c =
        LossCheck.of(
            acks,
            k -> {
              out.clear();
              Status s = db.read(RestartUnit.TABLE, RestartValue.key(k), null, out);
              ByteIterator v = out.get(RestartMain.FIELD);
              return s.isOk() && v != null ? v.toArray() : null;
            });
    r.put("acked_writes", Long.toString(acks.writes()));
    r.put("checked", Long.toString(c.checked()));
    r.put("missing", Long.toString(c.missing()));
    r.put("stale", Long.toString(c.stale()));
    r.put("corrupt", Long.toString(c.corrupt()));
    r.put("lost", Long.toString(c.lost()));
    for (String e : c.examples()) System.err.println("lost: " + e);
  }

  private static String ms(long nanos) {
    return String.format(java.util.Locale.ROOT, "%.1f", nanos / 1e6);
  }
}
