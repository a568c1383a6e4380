package org.jnvm.crucial.bench;

import static org.jnvm.crucial.bench.ThroughputResults.COMPLEX;
import static org.jnvm.crucial.bench.ThroughputResults.DSO;
import static org.jnvm.crucial.bench.ThroughputResults.REDIS;
import static org.jnvm.crucial.bench.ThroughputResults.SIMPLE;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * The throughput report's CPU section: CPU per operation of each (system, rf, operation), split
 * into clients and servers, user and kernel, with the spread over the rounds; the DSO's against
 * Redis's, and the goals on them.
 */
final class CpuTable {
  private static final List<String> OPS = List.of(SIMPLE, COMPLEX);
  private final List<Integer> rfs;
  private final ThroughputResults r;

  CpuTable(List<Integer> rfs, ThroughputResults r) {
    this.rfs = List.copyOf(rfs);
    this.r = r;
  }

  /** The mean over rounds of one part of a point's CPU per operation, or -1 when not measured. */
  static double mean(List<CpuPerOp> rounds, ToDoubleFunction<CpuPerOp> part) {
    return rounds.stream().mapToDouble(part).average().orElse(-1);
  }

  String markdown() {
    StringBuilder b = new StringBuilder();
    b.append("### CPU per operation\n\n");
    b.append(
        "Microseconds of CPU per operation: user + system time (utime + stime in /proc/PID/stat,"
            + " clock ticks of 1/"
            + ProcCpu.TICKS_PER_SECOND
            + " s) of every process of the system over each measured round, divided by the"
            + " operations the round completed; mean of the rounds, min-max of the total in"
            + " brackets. Clients: the worker JVMs; servers: the 3 DSO nodes, or every"
            + " redis-server of the deployment (Redis: the master or the shards first). Cores:"
            + " the CPU all of them used per second of the round. Where every process shares"
            + " the machine's "
            + Runtime.getRuntime().availableProcessors()
            + " cores, throughput is about the cores a system gets divided by its total.\n\n");
    b.append(
        "| system | rf | operation | ops/s | CPU us/op | clients user + kernel"
            + " | servers user + kernel | each server | servers' kernel share | cores |\n");
    b.append("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String system : List.of(DSO, REDIS)) {
      for (int rf : rfs) {
        for (String op : OPS) {
          List<CpuPerOp> c = r.cpu(system, rf, op);
          if (!c.isEmpty()) row(b, system, rf, op, c);
        }
      }
    }
    b.append('\n');
    ratios(b);
    syscalls(b);
    return b.toString();
  }

  private void row(StringBuilder b, String system, int rf, String op, List<CpuPerOp> c) {
    Spread total = Spread.of(c.stream().map(CpuPerOp::total).toList());
    b.append(
        String.format(
            "| %s | %d | %s | %,.0f | %.1f (%.1f-%.1f) | %.1f + %.1f | %.1f + %.1f | %s | %.0f%% |"
                + " %.2f |%n",
            ThroughputReport.label(system, rf),
            rf,
            op,
            r.mean(system, rf, op),
            mean(c, CpuPerOp::total),
            total.min(),
            total.max(),
            mean(c, CpuPerOp::clientUser),
            mean(c, CpuPerOp::clientKernel),
            mean(c, CpuPerOp::nodesUser),
            mean(c, CpuPerOp::nodesKernel),
            eachServer(c),
            100 * mean(c, CpuPerOp::nodesKernelShare),
            mean(c, CpuPerOp::cores)));
  }

  /** Read and write system calls per operation (/proc/PID/io), mean of the rounds. */
  private void syscalls(StringBuilder b) {
    StringBuilder rows = new StringBuilder();
    for (String system : List.of(DSO, REDIS)) {
      for (int rf : rfs) {
        for (String op : OPS) {
          List<SyscallsPerOp> s = r.syscalls(system, rf, op);
          if (s.isEmpty()) continue;
          rows.append(
              String.format(
                  "| %s | %d | %s | %.2f + %.2f | %.2f + %.2f |%n",
                  ThroughputReport.label(system, rf),
                  rf,
                  op,
                  s.stream().mapToDouble(SyscallsPerOp::clientReads).average().orElse(-1),
                  s.stream().mapToDouble(SyscallsPerOp::clientWrites).average().orElse(-1),
                  s.stream().mapToDouble(SyscallsPerOp::serverReads).average().orElse(-1),
                  s.stream().mapToDouble(SyscallsPerOp::serverWrites).average().orElse(-1)));
        }
      }
    }
    if (rows.length() == 0) return;
    b.append(
        "System calls per operation (syscr and syscw of /proc/PID/io: read and write calls,"
            + " which carry the sockets' traffic; mean of the rounds):\n\n");
    b.append("| system | rf | operation | clients read + write | servers read + write |\n");
    b.append("|---|---:|---|---:|---:|\n").append(rows).append('\n');
  }

  /** Each server process's mean CPU per operation, "31.0 / 29.5 / 28.8" (Redis: master first). */
  private static String eachServer(List<CpuPerOp> c) {
    if (c.get(0).perServer().isEmpty()) return "";
    StringBuilder b = new StringBuilder();
    for (double us : SeedModel.mean(c).perServer()) {
      b.append(b.length() == 0 ? "" : " / ").append(String.format("%.1f", us));
    }
    return b.toString();
  }

  /** DSO CPU per operation over Redis's, and the goals on it and on the nodes' kernel share. */
  private void ratios(StringBuilder b) {
    if (!r.has(REDIS) || !r.has(DSO)) return;
    b.append("| goal (CPU per operation) | measured | met |\n|---|---|---|\n");
    for (int rf : rfs) {
      double simple = dsoOverRedis(rf, SIMPLE);
      double complex = dsoOverRedis(rf, COMPLEX);
      if (simple < 0 || complex < 0) continue;
      Report.goal(
          b,
          "DSO / Redis, simple, rf " + rf + " <= " + (rf == 1 ? "1.0" : "1.3"),
          simple,
          rf == 1 ? 1.0 : 1.3,
          true);
      Report.goal(b, "Redis / DSO, complex, rf " + rf + " >= 3", 1 / complex, 3, false);
    }
    for (int rf : rfs) {
      List<CpuPerOp> c = r.cpu(DSO, rf, SIMPLE);
      if (c.isEmpty()) continue;
      Report.goal(
          b,
          "DSO nodes' kernel share, simple, rf " + rf + " <= 0.25",
          mean(c, CpuPerOp::nodesKernelShare),
          0.25,
          true);
    }
    b.append('\n');
  }

  /** The DSO's mean CPU per operation over Redis's, or -1 when either is missing. */
  double dsoOverRedis(int rf, String op) {
    double dso = mean(r.cpu(DSO, rf, op), CpuPerOp::total);
    double redis = mean(r.cpu(REDIS, rf, op), CpuPerOp::total);
    return dso <= 0 || redis <= 0 ? -1 : dso / redis;
  }
}
