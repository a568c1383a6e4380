package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import org.jnvm.ycsb.HoldsEntries;
import site.ycsb.DB;

/**
 * The child JVM of {@code bin/jnvm bench --scale}: grows one target's data set through the sizes of
 * its {@link ScaleUnit}, loading at each step only the records the step adds (YCSB's {@code
 * insertstart} and {@code insertcount}), and measures the workloads at each size with the Java heap
 * and GC they cost. Prints {@code progress} lines on stdout for the parent.
 */
public final class ScaleMain {
  private ScaleMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 1) throw new IllegalArgumentException("usage: ScaleMain RUN.properties");
    ScaleUnit u = ScaleUnit.read(Path.of(args[0]));
    UnitMain.quietLogs();
    Target t = Targets.byName(u.target());
    // This instance holds the cache, heap or map open from the first load to the last workload.
    DB holder = Phase.newDb(t.db(), props(u, t, u.workloads().get(0), u.sizes().get(0)), false);
    holder.init();
    JvmCosts costs = new JvmCosts();
    try {
      long loaded = 0;
      for (long size : u.sizes()) {
        double loadSeconds = load(u, t, loaded, size, costs);
        if (holder instanceof HoldsEntries h) h.rebound(Math.max(1, size / 10));
        loaded = size;
        long live = JvmCosts.liveHeapMb();
        for (String w : u.workloads()) {
          // each workload's own warm-up: the JIT compiles its paths (A's update is not F's)
          double warm = u.warmUpSeconds() / u.workloads().size();
          if (warm > 0) Phase.warmUp(t.db(), props(u, t, w, size), u.threads(), warm);
          measure(u, t, holder, w, size, live, loadSeconds, costs);
        }
      }
    } finally {
      holder.cleanup();
    }
    System.out.flush();
    System.exit(0); // a library's stray non-daemon thread must not keep the JVM alive
  }

  /** Loads records {@code [from, to)}; the time it took. */
  private static double load(ScaleUnit u, Target t, long from, long to, JvmCosts costs)
      throws Exception {
    Properties p = props(u, t, u.workloads().get(0), to);
    p.setProperty("insertstart", Long.toString(from));
    p.setProperty("insertcount", Long.toString(to - from));
    String phase = "load@" + gb(to);
    costs.start();
    Phase.load(t.db(), p, u.loadThreads(), n -> UnitMain.progress(phase, n, to - from));
    return costs.end().seconds();
  }

  private static void measure(
      ScaleUnit u,
      Target t,
      DB holder,
      String w,
      long size,
      long live,
      double loadSeconds,
      JvmCosts costs)
      throws Exception {
    String phase = w + "@" + gb(size);
    costs.start();
    Phase.Outcome o =
        Phase.transactions(
            t.db(),
            props(u, t, w, size),
            u.threads(),
            u.seconds(),
            n -> UnitMain.progress(phase, n, 0));
    JvmCosts.Phase c = costs.end();
    JvmCosts.Resident r = JvmCosts.resident();
    ScaleFile.append(
        u.results(),
        new ScaleFile.Point(
            u.target(),
            u.gc(),
            u.heapMb(),
            size,
            w,
            o.nanos() / 1e9,
            o.ops(),
            o.throughput(),
            slowestP99(o.measurements()),
            c.pauseMillis(),
            c.pauses(),
            c.longestPauseMillis(),
            live,
            UnitMain.entries(holder),
            r.rssMb(),
            r.shmMb(),
            loadSeconds,
            c.cycleMillis()));
    System.out.printf(Locale.ROOT, "done %s %.0f%n", phase, o.throughput());
  }

  /** The largest 99th percentile among the workload's operations, in microseconds. */
  static double slowestP99(Collector c) {
    double worst = Double.NaN;
    for (String op : c.operations()) {
      double p99 = c.get(op, "99thPercentileLatency(us)");
      if (Double.isNaN(worst) || p99 > worst) worst = p99;
    }
    return worst;
  }

  private static Properties props(ScaleUnit u, Target t, String w, long records) {
    return UnitMain.props(t, false, w, records, ScaleUnit.OPS, u.threads(), u.dir());
  }

  private static String gb(long records) {
    return ScalePlan.gb(records) + "GB";
  }
}
