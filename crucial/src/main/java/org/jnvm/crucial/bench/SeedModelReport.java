package org.jnvm.crucial.bench;

import static org.jnvm.crucial.bench.ThroughputResults.COMPLEX;
import static org.jnvm.crucial.bench.ThroughputResults.DSO;
import static org.jnvm.crucial.bench.ThroughputResults.REDIS;
import static org.jnvm.crucial.bench.ThroughputResults.SIMPLE;

import java.util.List;

/**
 * The throughput report's model section: the seed's Figure 3 modelled ({@link SeedModel}) from this
 * run's CPU per operation, in a table of its own, beside the ratio measured here on 2 cores in a
 * column of its own.
 */
final class SeedModelReport {
  private final List<Integer> rfs;
  private final ThroughputResults r;
  private final SeedModel.Params p;

  SeedModelReport(List<Integer> rfs, ThroughputResults r, SeedModel.Params p) {
    this.rfs = List.copyOf(rfs);
    this.r = r;
    this.p = p;
  }

  String markdown() {
    if (!r.has(DSO) || !r.has(REDIS)) return "";
    StringBuilder b = new StringBuilder();
    b.append("### MODEL, not measured: the seed's Figure 3 deployment\n\n");
    b.append(
        String.format(
            "Modelled from this run's CPU per operation of each process (table above): %d cloud"
                + " threads; one %d-core machine per DSO node and per redis-server (2 at rf 1"
                + " and 2, 3 at rf 3); a network round trip of %.0f us. Throughput is the lesser of"
                + " the servers' bound (DSO: all cores of all nodes; Redis: one core per server,"
                + " its event loop) and the clients' (threads / (round trips x rtt + CPU per"
                + " operation)); the bound that sets it is named. Assumptions: docs/crucial.md,"
                + " \"The seed's cluster, modelled\". The last column is this run's measured"
                + " ratio on 2 shared cores, for comparison only.%n%n",
            p.cloudThreads(), p.coresPerMachine(), p.rttMicros()));
    b.append(
        "| rf | operation | DSO, modelled ops/s | Redis, modelled ops/s | DSO / Redis, modelled"
            + " | DSO / Redis, measured here (2 cores) |\n|---:|---|---:|---:|---:|---:|\n");
    for (int rf : rfs) {
      for (String op : List.of(SIMPLE, COMPLEX)) {
        List<CpuPerOp> dso = r.cpu(DSO, rf, op);
        List<CpuPerOp> redis = r.cpu(REDIS, rf, op);
        if (dso.isEmpty() || redis.isEmpty()) continue;
        SeedModel.Point d = SeedModel.model(DSO, rf, SeedModel.mean(dso), p);
        SeedModel.Point s = SeedModel.model(REDIS, rf, SeedModel.mean(redis), p);
        b.append(
            String.format(
                "| %d | %s | %,.0f (%s) | %,.0f (%s) | %.2fx | %.2fx |%n",
                rf,
                op,
                d.opsPerSecond(),
                d.bound(),
                s.opsPerSecond(),
                s.bound(),
                d.opsPerSecond() / s.opsPerSecond(),
                r.mean(DSO, rf, op) / r.mean(REDIS, rf, op)));
      }
    }
    b.append('\n');
    goals(b);
    return b.toString();
  }

  private void goals(StringBuilder b) {
    b.append("| goal (modelled) | modelled | met |\n|---|---|---|\n");
    for (int rf : rfs) {
      for (String op : List.of(SIMPLE, COMPLEX)) {
        List<CpuPerOp> dso = r.cpu(DSO, rf, op);
        List<CpuPerOp> redis = r.cpu(REDIS, rf, op);
        if (dso.isEmpty() || redis.isEmpty()) continue;
        double ratio =
            SeedModel.model(DSO, rf, SeedModel.mean(dso), p).opsPerSecond()
                / SeedModel.model(REDIS, rf, SeedModel.mean(redis), p).opsPerSecond();
        double bound = op.equals(SIMPLE) ? 0.7 : 5;
        Report.goal(b, "DSO >= " + bound + "x Redis, " + op + ", rf " + rf, ratio, bound, false);
      }
    }
    b.append('\n');
  }
}
