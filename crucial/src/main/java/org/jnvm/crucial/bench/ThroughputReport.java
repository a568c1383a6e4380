package org.jnvm.crucial.bench;

import static org.jnvm.crucial.bench.ThroughputResults.COMPLEX;
import static org.jnvm.crucial.bench.ThroughputResults.DSO;
import static org.jnvm.crucial.bench.ThroughputResults.REDIS;
import static org.jnvm.crucial.bench.ThroughputResults.SIMPLE;

import java.util.List;

/**
 * The throughput experiment's Markdown section (setup and scaling, ops/s table, ratios, goals) and
 * its chart panels (one per operation, rf along x, DSO and Redis side by side, as the seed's Figure
 * 3).
 */
final class ThroughputReport {
  private static final List<String> OPS = List.of(SIMPLE, COMPLEX);
  private final ThroughputPlan p;
  private final ThroughputResults r;
  private final SeedModel.Params model;

  ThroughputReport(ThroughputPlan p, ThroughputResults r) {
    this(p, r, SeedModel.Params.SEED);
  }

  ThroughputReport(ThroughputPlan p, ThroughputResults r, SeedModel.Params model) {
    this.p = p;
    this.r = r;
    this.model = model;
  }

  String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("## Throughput: shared integers under many client threads (seed Figure 3)\n\n");
    setup(b);
    table(b);
    warmUps(b);
    ratios(b);
    goals(b);
    b.append(new CpuTable(p.rfs(), r).markdown());
    b.append(new SeedModelReport(p.rfs(), r, model).markdown());
    return b.toString();
  }

  private void setup(StringBuilder b) {
    b.append(
        String.format(
            "%d client threads (%d worker JVMs x %d threads) call %d shared integers chosen"
                + " uniformly at random. Scaling: the seed ran %d cloud threads (AWS Lambda)"
                + " against DSO nodes and Redis on 2-3 dedicated 8-vCPU machines; here clients,"
                + " %d DSO nodes per rf and every redis-server share %d cores, so %d closed-loop"
                + " threads (%.0f%% of the seed's) already keep the servers saturated. Simple"
                + " operation: 1 multiplication (modulo 2^31-1); complex: %,d, the same arithmetic"
                + " in the DSO method and in the Lua script (EVALSHA after SCRIPT LOAD). DSO:"
                + " persistent objects, a cluster of %d forked nodes per rf, the J-NVM store in"
                + " /dev/shm. Redis 7: rf 1 = %d shards (keys split by the client), rf n = one"
                + " master + n-1 replicas with `WAIT n-1` after each write; append-only file with"
                + " appendfsync %s on every server, in /dev/shm. %d s measured per (system, rf,"
                + " operation) in %d interleaved rounds of %.1f s (the seed: 30 s), after a warm-up"
                + " of at least %d s each that goes on in %.0f s windows until the rate stops"
                + " rising (at most %d s; each point's is listed below the table); ops/s is the"
                + " mean of the rounds, min-max in brackets.%n%n",
            p.clientThreads(),
            p.workers(),
            p.threads(),
            p.objects(),
            ThroughputPlan.SEED_THREADS,
            ThroughputPlan.NODES,
            Runtime.getRuntime().availableProcessors(),
            p.clientThreads(),
            100.0 * p.clientThreads() / ThroughputPlan.SEED_THREADS,
            p.complex(),
            ThroughputPlan.NODES,
            RedisDeployment.SHARDS,
            ThroughputPlan.APPENDFSYNC,
            p.seconds(),
            p.rounds(),
            p.millisPerRound() / 1000.0,
            p.warmupSeconds(),
            ThroughputPlan.WARMUP_WINDOW_MILLIS / 1000.0,
            p.warmupMaxSeconds()));
  }

  private void table(StringBuilder b) {
    b.append("| system | rf | simple ops/s | complex ops/s |\n|---|---:|---:|---:|\n");
    for (String system : List.of(DSO, REDIS)) {
      if (!r.has(system)) continue;
      for (int rf : p.rfs()) {
        b.append(String.format("| %s | %d |", label(system, rf), rf));
        for (String op : OPS) {
          b.append(
              String.format(
                  " %,.0f (%,.0f-%,.0f) |",
                  r.mean(system, rf, op), r.min(system, rf, op), r.max(system, rf, op)));
        }
        b.append('\n');
      }
    }
    b.append('\n');
  }

  /** One line per system: each point's warm-up, and the points still rising at the cap. */
  private void warmUps(StringBuilder b) {
    for (String system : List.of(DSO, REDIS)) {
      if (!r.has(system)) continue;
      StringBuilder line = new StringBuilder();
      for (int rf : p.rfs()) {
        for (String op : OPS) {
          WarmUp.Outcome o = r.warmUp(system, rf, op);
          if (o == null) continue;
          line.append(line.length() == 0 ? "" : ", ")
              .append(String.format("rf %d %s %.0f s", rf, op, o.seconds()))
              .append(o.settled() ? "" : " (not settled)");
        }
      }
      if (line.length() > 0) b.append("Warm-up, " + system + ": " + line + ".\n\n");
    }
  }

  static String label(String system, int rf) {
    if (system.equals(DSO)) return "DSO";
    return rf == 1 ? "Redis " + RedisDeployment.SHARDS + " shards" : "Redis WAIT " + (rf - 1);
  }

  private void ratios(StringBuilder b) {
    if (!r.has(REDIS)) return;
    b.append("| rf | DSO / Redis, simple | DSO / Redis, complex |\n|---:|---:|---:|\n");
    for (int rf : p.rfs()) {
      b.append(
          String.format("| %d | %.2fx | %.2fx |%n", rf, vsRedis(rf, SIMPLE), vsRedis(rf, COMPLEX)));
    }
    b.append('\n');
  }

  private double vsRedis(int rf, String op) {
    return r.mean(DSO, rf, op) / r.mean(REDIS, rf, op);
  }

  private double rf3OverRf2(String system, String op) {
    return r.mean(system, 3, op) / r.mean(system, 2, op);
  }

  private void goals(StringBuilder b) {
    b.append("| goal | measured | met |\n|---|---|---|\n");
    for (int rf : p.rfs()) {
      if (!r.has(REDIS)) break;
      Report.goal(b, "DSO >= 0.7x Redis, simple, rf " + rf, vsRedis(rf, SIMPLE), 0.7, false);
      Report.goal(b, "DSO >= 5x Redis, complex, rf " + rf, vsRedis(rf, COMPLEX), 5, false);
    }
    if (p.rfs().contains(2) && p.rfs().contains(3)) {
      for (String system : List.of(DSO, REDIS)) {
        if (!r.has(system)) continue;
        for (String op : OPS) {
          double ratio = rf3OverRf2(system, op);
          String what = system + " rf 3 / rf 2, " + op;
          if (system.equals(DSO)) {
            Report.goal(b, what + " >= 0.8", ratio, 0.8, false);
          } else {
            b.append(String.format("| %s (for comparison) | %.2fx | |%n", what, ratio));
          }
        }
      }
    }
    b.append('\n');
  }

  /** Two panels, simple then complex: rf along x, one bar per system. */
  List<Chart.Panel> panels() {
    List<String> rfs = p.rfs().stream().map(rf -> "rf " + rf).toList();
    List<String> systems =
        r.has(REDIS) ? List.of("DSO (persistent)", "Redis (shards; WAIT rf-1)") : List.of("DSO");
    return OPS.stream()
        .map(
            op ->
                new Chart.Panel(
                    "Throughput, "
                        + op
                        + " operation ("
                        + (op.equals(SIMPLE)
                            ? "1 multiplication"
                            : p.complex() + " multiplications")
                        + "), "
                        + p.clientThreads()
                        + " client threads, "
                        + p.objects()
                        + " objects",
                    "ops/s",
                    rfs,
                    systems,
                    values(op, systems.size()),
                    null,
                    false))
        .toList();
  }

  private double[][] values(String op, int systems) {
    double[][] v = new double[systems][p.rfs().size()];
    for (int k = 0; k < p.rfs().size(); k++) {
      v[0][k] = r.mean(DSO, p.rfs().get(k), op);
      if (systems > 1) v[1][k] = r.mean(REDIS, p.rfs().get(k), op);
    }
    return v;
  }
}
