package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.jnvm.ycsb.Dirs;
import org.jnvm.ycsb.HoldsEntries;
import site.ycsb.DB;

/**
 * The child JVM of {@code bin/jnvm bench}: loads the records into one target, then runs the
 * workloads of its {@link Unit} in order, each after an unmeasured warm-up of its own ({@link
 * Unit#warmUpSecondsOf}), appending the figures to the unit's results file. Prints {@code progress}
 * lines on stdout for the parent.
 */
public final class UnitMain {
  private UnitMain() {}

  public static void main(String[] args) throws Exception {
    if (args.length != 1) throw new IllegalArgumentException("usage: UnitMain RUN.properties");
    Unit u = Unit.read(Path.of(args[0]));
    quietLogs();
    Target t = Targets.forChild(u.target());
    // This instance holds the shared cache, heap or pool open from the load to the last workload.
    DB holder = Phase.newDb(t.db(), props(u, t, u.workloads().get(0), u.records()), false);
    holder.init();
    JvmCosts costs = new JvmCosts();
    try {
      Properties lp = props(u, t, u.workloads().get(0), u.records());
      costs.start();
      Phase.Outcome load =
          Phase.load(t.db(), lp, u.threads(), n -> progress("load", n, u.records()));
      JvmCosts.Phase loadCost = costs.end();
      ResultsFile.append(u, "load", load);
      CostsFile.append(u, "load", loadCost, JvmCosts.liveHeapMb(), entries(holder));
      progress("load", u.records(), u.records());
      // The records the table holds: each phase inserts after the keys earlier phases inserted.
      long keys = load.keys();
      for (int i = 0; i < u.workloads().size(); i++) {
        String w = u.workloads().get(i);
        double warm = u.warmUpSecondsOf(i);
        if (warm > 0) {
          progress("warm-up-" + w, 0, 0);
          keys = Phase.warmUp(t.db(), props(u, t, w, keys), u.threads(), warm).keys();
        }
        costs.start();
        Phase.Outcome o =
            Phase.transactions(
                t.db(),
                props(u, t, w, keys),
                u.threads(),
                u.seconds(),
                n -> progress(w, n, u.opsOf(w)));
        JvmCosts.Phase cost = costs.end();
        keys = o.keys();
        ResultsFile.append(u, w, o);
        CostsFile.append(u, w, cost, -1, entries(holder));
        System.out.printf("done %s %.0f%n", w, o.throughput());
      }
    } finally {
      holder.cleanup();
    }
    System.out.flush();
    // Stray non-daemon threads of a library must not keep the JVM alive: the run is complete.
    System.exit(0);
  }

  /**
   * The properties of workload {@code w} for this unit, the table holding keys {@code [0, keys)}:
   * the file, then the run's overrides. Inserts start at {@code keys}; the zipfian and uniform key
   * choosers keep to the records loaded ({@code insertcount}), so that a workload's hot keys are
   * the same in its warm-up and its measured run whatever the earlier phases inserted.
   */
  static Properties props(Unit u, Target t, String w, long keys) {
    Properties p = props(t, u.scanGroup(), w, keys, u.opsOf(w), u.threads(), u.dir());
    p.setProperty("insertcount", Long.toString(u.records()));
    return p;
  }

  /**
   * The properties of workload {@code w} on {@code records} records: the workload's file, then the
   * run's overrides and the target's own properties ({@code scan}: its scan configuration).
   */
  static Properties props(
      Target t, boolean scan, String w, long records, long ops, int threads, Path dir) {
    Properties p = Workloads.load(w);
    p.setProperty("recordcount", Long.toString(records));
    p.setProperty("operationcount", Long.toString(ops));
    p.setProperty("threadcount", Integer.toString(threads));
    p.setProperty("measurementtype", "hdrhistogram");
    p.setProperty("hdrhistogram.percentiles", "50,99,99.9");
    p.setProperty(Dirs.DIR_PROPERTY, dir.toString());
    p.setProperty(Dirs.DELETE_PROPERTY, "true");
    Map<String, String> own = scan ? t.scanProps() : t.props();
    own.forEach(p::setProperty);
    return p;
  }

  /** What the binding's in-memory container holds, or -1 if it has none. */
  static long entries(DB holder) {
    return holder instanceof HoldsEntries h ? h.entriesInMemory() : -1;
  }

  static void progress(String phase, long done, long total) {
    System.out.println("progress " + phase + " " + done + " " + total);
    System.out.flush();
  }

  /** Infinispan and JGroups log through java.util.logging: keep warnings, drop start-up chatter. */
  static void quietLogs() {
    for (String name : new String[] {"org.infinispan", "org.jgroups", "com.arjuna"}) {
      quiet(name, Level.WARNING);
    }
    // the Hot Rod client's netty warns of a registration refused while the client closes
    quiet("io.netty", Level.SEVERE);
  }

  /** Loggers whose level is set here: held, or the logging manager may drop them and the level. */
  private static final java.util.List<Logger> QUIETED = new java.util.ArrayList<>();

  private static synchronized void quiet(String name, Level level) {
    Logger l = Logger.getLogger(name);
    l.setLevel(level);
    QUIETED.add(l);
  }
}
