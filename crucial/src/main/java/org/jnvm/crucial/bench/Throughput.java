package org.jnvm.crucial.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import org.jnvm.crucial.cluster.NodeCluster;
import org.jnvm.crucial.cluster.NodeProcess;

/**
 * The seed's throughput experiment (CloudButton D4.3 §3.4.1, Figure 3) on this machine: client
 * threads in worker JVMs call randomly chosen shared integers, a simple and a complex operation, on
 * the DSO at each rf and on Redis at each rf, every system up at once and measured in interleaved
 * rounds (so that load from elsewhere falls on all of them alike).
 *
 * <ol>
 *   <li>Start a 3-node DSO cluster per rf and a Redis deployment per rf ({@link RedisDeployment}).
 *   <li>Start the worker JVMs and tell them every target; the first DSO contact creates the
 *       objects.
 *   <li>Warm up every (target, operation) until its rate settles ({@link WarmUp}), then measure
 *       them round after round.
 * </ol>
 *
 * Everything started is registered with {@code resources}, which stops it.
 */
final class Throughput {
  private final ThroughputPlan plan;
  private final Resources resources;
  private final Path logs;
  private final Path scratch;
  private final Map<String, String[]> targets = new LinkedHashMap<>(); // name -> system, rf
  private final Map<String, List<Long>> servers = new LinkedHashMap<>(); // name -> server pids

  // Redis's servers are its shards or master and replicas: their CPU is the system's, as the
  // DSO nodes' is.

  Throughput(ThroughputPlan plan, Resources resources, Path logs, Path scratch) {
    this.plan = plan;
    this.resources = resources;
    this.logs = logs;
    this.scratch = scratch;
  }

  ThroughputResults run() throws Exception {
    Map<Integer, NodeCluster> dso = startClusters();
    Map<Integer, RedisDeployment> redis = startRedis();
    log(
        "starting "
            + plan.workers()
            + " worker JVMs of "
            + plan.threads()
            + " client threads; creating "
            + plan.objects()
            + " objects");
    WorkerFleet fleet = resources.keep(new WorkerFleet(plan.workers(), plan.threads(), logs));
    dso.forEach((rf, c) -> target(fleet, "DSO", rf, "DSO", c.endpoints(), nodePids(c)));
    redis.forEach((rf, d) -> target(fleet, "REDIS", rf, "Redis", d.describe(), d.pids()));
    return measure(fleet);
  }

  private Map<Integer, NodeCluster> startClusters() {
    Map<Integer, NodeCluster> clusters = new LinkedHashMap<>();
    List<CompletableFuture<Void>> started = new ArrayList<>();
    for (int rf : plan.rfs()) {
      NodeCluster c =
          resources.keep(
              new NodeCluster(
                  "tp-rf" + rf,
                  ThroughputPlan.NODES,
                  rf,
                  List.of(SharedInt.class.getName()),
                  logs));
      clusters.put(rf, c);
      started.add(CompletableFuture.runAsync(() -> startAll(c)));
    }
    log("starting " + clusters.size() + " DSO clusters of " + ThroughputPlan.NODES + " nodes");
    started.forEach(CompletableFuture::join);
    return clusters;
  }

  private static void startAll(NodeCluster c) {
    try {
      c.startAll();
    } catch (Exception e) {
      throw new CompletionException(e);
    }
  }

  private Map<Integer, RedisDeployment> startRedis() throws Exception {
    Map<Integer, RedisDeployment> deployments = new LinkedHashMap<>();
    if (!plan.redis()) {
      return deployments;
    }
    for (int rf : plan.rfs()) {
      log("starting Redis for rf " + rf);
      deployments.put(
          rf,
          resources.keep(
              RedisDeployment.start(
                  rf, ThroughputPlan.APPENDFSYNC, scratch.resolve("redis-rf" + rf))));
    }
    return deployments;
  }

  private static List<Long> nodePids(NodeCluster c) {
    return c.nodes().stream().map(NodeProcess::pid).toList();
  }

  private void target(
      WorkerFleet fleet, String kind, int rf, String system, String how, List<Long> pids) {
    String name = system + "-rf" + rf;
    try {
      fleet.configure(kind + " " + name + " " + how + " " + plan.objects());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    targets.put(name, new String[] {system, Integer.toString(rf)});
    servers.put(name, pids);
  }

  private ThroughputResults measure(WorkerFleet fleet) throws Exception {
    Map<String, Integer> ops =
        Map.of(ThroughputResults.SIMPLE, 1, ThroughputResults.COMPLEX, plan.complex());
    ThroughputResults r = new ThroughputResults();
    log("warming up " + targets.size() + " targets");
    for (Map.Entry<String, String[]> t : targets.entrySet()) {
      for (String op : List.of(ThroughputResults.SIMPLE, ThroughputResults.COMPLEX)) {
        WarmUp.Outcome o =
            WarmUp.run(
                millis -> fleet.run(t.getKey(), ops.get(op), millis),
                () -> compilerTicks(servers.get(t.getKey()), fleet.pids()),
                plan.warmupSeconds(),
                plan.warmupMaxSeconds(),
                ThroughputPlan.WARMUP_WINDOW_MILLIS);
        log(t.getKey() + " " + op + " warm-up: " + describe(o));
        r.warmedUp(t.getValue()[0], Integer.parseInt(t.getValue()[1]), op, o);
      }
    }
    for (int round = 1; round <= plan.rounds(); round++) {
      log("throughput round " + round + " of " + plan.rounds());
      for (Map.Entry<String, String[]> t : targets.entrySet()) {
        for (String op : List.of(ThroughputResults.SIMPLE, ThroughputResults.COMPLEX)) {
          measureRound(
              fleet,
              t.getKey(),
              t.getValue()[0],
              Integer.parseInt(t.getValue()[1]),
              op,
              ops.get(op),
              r);
        }
      }
    }
    return r;
  }

  /**
   * One round of one point: its rate, and the CPU time every client and server process of the
   * system used meanwhile ({@link CpuPerOp}).
   */
  private void measureRound(
      WorkerFleet fleet,
      String target,
      String system,
      int rf,
      String op,
      int times,
      ThroughputResults r)
      throws Exception {
    List<Long> nodes = servers.get(target);
    ProcCpu.Syscalls clientCalls0 = ProcCpu.syscalls(fleet.pids());
    ProcCpu.Syscalls nodeCalls0 = ProcCpu.syscalls(nodes);
    ProcCpu.Times client0 = ProcCpu.times(fleet.pids());
    List<ProcCpu.Times> nodes0 = ProcCpu.each(nodes);
    long t0 = System.nanoTime();
    WorkerFleet.Phase phase = fleet.phase(target, times, plan.millisPerRound());
    double seconds = (System.nanoTime() - t0) / 1e9;
    ProcCpu.Times client = ProcCpu.times(fleet.pids()).since(client0);
    List<ProcCpu.Times> node = ProcCpu.since(ProcCpu.each(nodes), nodes0);
    ProcCpu.Syscalls clientCalls = ProcCpu.syscalls(fleet.pids()).since(clientCalls0);
    ProcCpu.Syscalls nodeCalls = ProcCpu.syscalls(nodes).since(nodeCalls0);
    r.add(system, rf, op, phase.rate());
    r.addCpu(
        system, rf, op, CpuPerOp.of(client, node, phase.ops(), seconds, ProcCpu.TICKS_PER_SECOND));
    r.addSyscalls(system, rf, op, SyscallsPerOp.of(clientCalls, nodeCalls, phase.ops()));
  }

  /** The JIT compilers' ticks of a target's servers (none for Redis) and of the client JVMs. */
  private static long compilerTicks(List<Long> servers, List<Long> clients) throws Exception {
    long t = 0;
    for (long pid : servers) t += ProcCpu.compilerTicks(pid);
    for (long pid : clients) t += ProcCpu.compilerTicks(pid);
    return t;
  }

  /** "21 s, settled; ops/s (cores compiling): 18,013 (0.62) 24,683 (0.41) ...". */
  private static String describe(WarmUp.Outcome o) {
    StringBuilder b = new StringBuilder(String.format("%.0f s", o.seconds()));
    b.append(o.settled() ? ", settled" : ", not settled by the cap");
    b.append("; ops/s (cores compiling):");
    for (int i = 0; i < o.windows().size(); i++) {
      b.append(String.format(" %,.0f (%.2f)", o.windows().get(i), o.compiling().get(i)));
    }
    return b.toString();
  }

  private static void log(String s) {
    System.err.println("[dso-bench] " + s);
  }
}
