package org.jnvm.crucial.bench;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jnvm.crucial.ServerlessExecutorService;
import org.jnvm.crucial.apps.MonteCarloPi;
import org.jnvm.crucial.backend.ProcessBackend;
import org.jnvm.crucial.cluster.NodeCluster;
import org.jnvm.crucial.cluster.Ports;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicReference;
import org.jnvm.dso.lib.Counter;
import org.jnvm.dso.wire.TypeRegistry;
import picocli.CommandLine;
import redis.clients.jedis.Jedis;

/**
 * {@code bin/jnvm dso-bench}: latency of 1 KB get/put and counter increments on the DSO (ephemeral,
 * persistent rf 1 and rf 2, three forked nodes) and on Redis (appendfsync everysec and always) in
 * the same run; a complex method shipped to a shared object against client-side read-modify-write;
 * Monte Carlo pi on 1, 2, 4, 8 worker JVMs; the throughput experiment of the seed's Figure 3
 * ({@link Throughput}). Writes {@code dso-bench.md} and {@code dso-bench.png} under the output
 * directory; {@code --throughput} runs the last part alone into {@code dso-throughput.md} and
 * {@code .png}. Every process started is stopped on success, failure and Ctrl-C ({@link
 * Resources}).
 */
public final class DsoBench {
  private final BenchOptions o;
  private final Results r = new Results();

  /** The latency rows' server processes (DSO nodes, redis-servers), for {@link #pinned}. */
  private final List<Long> servers = new ArrayList<>();

  private DsoBench(BenchOptions o) {
    this.o = o;
  }

  public static void main(String[] args) throws Exception {
    CommandLine cl = BenchOptions.commandLine();
    BenchOptions o;
    try {
      o = BenchOptions.parse(cl, args);
    } catch (CommandLine.ParameterException e) {
      System.err.println("dso-bench: " + e.getMessage());
      cl.usage(System.err, CommandLine.Help.Ansi.OFF);
      System.exit(64);
      return;
    }
    if (o.help) {
      cl.usage(System.out, CommandLine.Help.Ansi.OFF);
      return;
    }
    DsoBench b = new DsoBench(o);
    if (o.throughputOnly) {
      b.throughputOnly();
    } else {
      b.run();
    }
    System.exit(0);
  }

  private void run() throws Exception {
    TypeRegistry.register(BenchMatrix.class);
    latencyShippingMonteCarlo();
    ThroughputReport tp = throughput();
    Path out = o.out;
    Files.createDirectories(out);
    Report report = new Report(r, o.describe(), o.warmup);
    String md = report.markdown() + tp.markdown();
    Files.writeString(out.resolve("dso-bench.md"), md);
    List<Chart.Panel> panels = new ArrayList<>(report.panels());
    panels.addAll(tp.panels());
    Chart.render(panels, out.resolve("dso-bench.png"));
    System.out.print(md);
    log("wrote " + out.resolve("dso-bench.md") + " and " + out.resolve("dso-bench.png"));
  }

  private void throughputOnly() throws Exception {
    ThroughputReport tp = throughput();
    Path out = o.out;
    Files.createDirectories(out);
    String md =
        String.format(
                "# DSO throughput (bin/jnvm dso-bench --throughput)%n%n%s; %d cores; Java %s;"
                    + " options: %s.%n%n",
                java.time.LocalDate.now(),
                Runtime.getRuntime().availableProcessors(),
                System.getProperty("java.version"),
                o.describe())
            + tp.markdown();
    Files.writeString(out.resolve("dso-throughput.md"), md);
    Chart.render(tp.panels(), out.resolve("dso-throughput.png"));
    System.out.print(md);
    log("wrote " + out.resolve("dso-throughput.md") + " and " + out.resolve("dso-throughput.png"));
  }

  private ThroughputReport throughput() throws Exception {
    ThroughputPlan plan = o.throughputPlan();
    if (plan.redis() && !RedisServer.available()) {
      log("redis-server not found on the PATH: Redis rows skipped");
      plan = plan.withoutRedis();
    }
    try (Resources res = new Resources()) {
      Path scratch = Ports.scratchDir("jnvm-bench-tp-");
      res.keep(() -> Ports.deleteTree(scratch));
      ThroughputResults tr = new Throughput(plan, res, LOGS, scratch).run();
      return new ThroughputReport(plan, tr, o.modelParams());
    }
  }

  private static final Path LOGS = Path.of("target", "dso-bench-logs");

  private void latencyShippingMonteCarlo() throws Exception {
    List<String> types = List.of(BenchMatrix.class.getName());
    try (Resources res = new Resources()) {
      Path shm = Ports.scratchDir("jnvm-bench-redis-");
      res.keep(() -> Ports.deleteTree(shm));
      Files.createDirectories(Path.of("target"));
      Path disk = Files.createTempDirectory(Path.of("target"), "redis-disk-");
      res.keep(() -> Ports.deleteTree(disk));
      NodeCluster rf1 = res.keep(new NodeCluster("bench-rf1", 3, 1, types, LOGS));
      NodeCluster rf2 = res.keep(new NodeCluster("bench-rf2", 3, 2, types, LOGS));
      log("starting 3 nodes with rf 1 and 3 nodes with rf 2");
      rf1.startAll();
      rf2.startAll();
      for (NodeCluster c : List.of(rf1, rf2)) {
        c.nodes().forEach(n -> servers.add(n.pid()));
      }
      DsoClient d1 = res.keep(DsoClient.connect(rf1.endpoints()));
      DsoClient d2 = res.keep(DsoClient.connect(rf2.endpoints()));
      DsoClient.setDefault(d1);
      List<Target> targets = new ArrayList<>();
      targets.add(dsoTarget(d1, "DSO ephemeral", false));
      targets.add(dsoTarget(d1, "DSO persistent rf 1", true));
      targets.add(dsoTarget(d2, "DSO persistent rf 2", true));
      targets.addAll(redisTargets(res, shm, disk));
      latency(targets);
      log("measuring shipped method vs read-modify-write, " + o.cells + " cells");
      r.shipping = Shipping.measure(d1, o.cells, o.shipOps, o.shipRounds);
      monteCarlo(d1, rf1.endpoints());
    }
  }

  /**
   * Warms every operation of every target, then measures them in {@code ROUNDS} interleaved rounds
   * (each round: every target, every operation, ops/ROUNDS calls), so that a burst of load from
   * elsewhere on the machine falls on all systems alike rather than on one row; then again pinned
   * to one vCPU ({@link #pinned}).
   */
  private void latency(List<Target> targets) throws Exception {
    log("warming up " + targets.size() + " systems");
    warm(targets, o.warmup);
    r.latency.putAll(measure(targets));
    pinned(targets);
  }

  /**
   * The same rows with this JVM, the DSO nodes and the redis-servers all on vCPU {@value
   * #PINNED_CPU}, then unpinned again: no wake-up crosses vCPUs, so these rows show each system's
   * own cost, where the unpinned ones are a draw between a fast and a slow wake-up mode on this VM
   * (docs/crucial.md). Both are reported; the unpinned ones are the default deployment.
   */
  private void pinned(List<Target> targets) throws Exception {
    if (!Affinity.available()) {
      log("taskset not found: pinned latency rows skipped");
      r.note("The latency rows pinned to one vCPU were not measured: taskset not found.");
      return;
    }
    List<Long> pids = new ArrayList<>(servers);
    pids.add(ProcessHandle.current().pid());
    String all = Affinity.of(ProcessHandle.current().pid());
    log("pinning " + pids.size() + " processes to vCPU " + PINNED_CPU + " (from " + all + ")");
    Affinity.set(pids, PINNED_CPU);
    try {
      warm(targets, PINNED_REWARM); // caches and the scheduler settle on the one vCPU
      r.pinned.putAll(measure(targets));
    } finally {
      Affinity.set(pids, all);
    }
  }

  private static void warm(List<Target> targets, int calls) throws Exception {
    for (Target t : targets) {
      for (Latency.Op op : t.ops().values()) {
        Latency.warm(op, calls);
      }
    }
  }

  /** {@code ROUNDS} interleaved rounds of every operation of every target: system, op, latency. */
  private Map<String, Map<String, Latency>> measure(List<Target> targets) throws Exception {
    int perRound = Math.max(1, o.ops / ROUNDS);
    Map<String, Map<String, Latency>> l = new java.util.LinkedHashMap<>();
    for (int round = 0; round < ROUNDS; round++) {
      log("latency round " + (round + 1) + " of " + ROUNDS);
      for (Target t : targets) {
        for (Map.Entry<String, Latency.Op> e : t.ops().entrySet()) {
          l.computeIfAbsent(t.system(), k -> new java.util.LinkedHashMap<>())
              .computeIfAbsent(e.getKey(), k -> new Latency(perRound * ROUNDS))
              .record(e.getValue(), perRound);
        }
      }
    }
    return l;
  }

  static final String PINNED_CPU = "0";
  static final int PINNED_REWARM = 2_000;
  private static final int ROUNDS = 5;

  private static Target dsoTarget(DsoClient dso, String system, boolean persistent) {
    String tag = Long.toHexString(System.nanoTime());
    byte[] kb = new byte[1024];
    AtomicReference<byte[]> obj = dso.atomicReference("bench-1k-" + tag, persistent, kb);
    Counter counter = dso.counter("bench-incr-" + tag, persistent);
    return Target.of(
        system,
        i -> obj.get(),
        i -> {
          kb[0] = (byte) i;
          obj.set(kb);
        },
        i -> counter.increment());
  }

  private List<Target> redisTargets(Resources res, Path shm, Path disk) throws Exception {
    if (!o.redis) {
      return List.of();
    }
    if (!RedisServer.available()) {
      log("redis-server not found on the PATH: Redis rows skipped");
      r.note("Redis was not measured: redis-server not found on the PATH.");
      return List.of();
    }
    return List.of(
        redisTarget(res, "Redis everysec", "everysec", shm),
        redisTarget(res, "Redis always", "always", shm),
        redisTarget(res, "Redis always (disk)", "always", disk));
  }

  private Target redisTarget(Resources res, String system, String fsync, Path dir)
      throws Exception {
    log("starting " + system + " (AOF under " + dir + ")");
    RedisServer s = res.keep(RedisServer.start(fsync, dir.resolve(fsync), Ports.free()));
    servers.add(s.pid());
    Jedis c = res.keep(s.client());
    byte[] key = "k1".getBytes(StandardCharsets.US_ASCII);
    byte[] kb = new byte[1024];
    c.set(key, kb);
    return Target.of(
        system,
        i -> c.get(key),
        i -> {
          kb[0] = (byte) i;
          c.set(key, kb);
        },
        i -> c.incr("n"));
  }

  private void monteCarlo(DsoClient dso, String servers) throws Exception {
    long points = o.mcPoints;
    for (int k : o.workers) {
      log("Monte Carlo on " + k + " worker JVMs");
      ProcessBackend backend = ProcessBackend.builder().workers(k).servers(servers).start();
      ServerlessExecutorService se = new ServerlessExecutorService(backend);
      try {
        if (!backend.awaitReady(120_000)) {
          throw new IllegalStateException(k + " worker JVMs not ready after 120 s");
        }
        // Warm-up: every worker JVM compiles the sampling loop before the timed run.
        MonteCarloPi.run(dso, se, "bench-pi-warm", k, Math.max(points / 4, 1_000_000), 99);
        long t0 = System.nanoTime();
        MonteCarloPi.Result res = MonteCarloPi.run(dso, se, "bench-pi", k, points, 1);
        double sec = (System.nanoTime() - t0) / 1e9;
        r.monteCarlo(k, res.points() / sec / 1e6, res.pi());
      } finally {
        se.shutdown();
        se.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS);
      }
    }
  }

  private static void log(String s) {
    System.err.println("[dso-bench] " + s);
  }

  /** What was measured, in order. */
  static final class Results {
    final Map<String, Map<String, Latency>> latency = new java.util.LinkedHashMap<>();

    /** The same rows, every process on one vCPU; empty when taskset is missing. */
    final Map<String, Map<String, Latency>> pinned = new java.util.LinkedHashMap<>();

    Shipping shipping;
    final List<double[]> monteCarlo = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    void monteCarlo(int workers, double mpointsPerSecond, double pi) {
      monteCarlo.add(new double[] {workers, mpointsPerSecond, pi});
    }

    void note(String s) {
      notes.add(s);
    }
  }
}
