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
import org.jnvm.dso.lib.Semaphore;
import org.jnvm.dso.wire.TypeRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import redis.clients.jedis.Jedis;

/**
 * {@code bin/jnvm dso-bench}: latency of 1 KB get/put and counter increments on the DSO (ephemeral,
 * persistent rf 1 and rf 2, three forked nodes) and on Redis (appendfsync everysec and always) in
 * the same run; a complex method shipped to a shared object against client-side read-modify-write;
 * Monte Carlo pi on 1, 2, 4, 8 worker JVMs. Writes {@code dso-bench.md} and {@code dso-bench.png}
 * under the output directory.
 */
public final class DsoBench {
  private final Options o;
  private final Results r = new Results();

  private DsoBench(Options o) {
    this.o = o;
  }

  public static void main(String[] args) throws Exception {
    Options o = new Options(args);
    CommandLine cl = new CommandLine(o);
    try {
      cl.parseArgs(args);
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
    new DsoBench(o).run();
    System.exit(0);
  }

  private void run() throws Exception {
    TypeRegistry.register(BenchMatrix.class);
    List<String> types = List.of(BenchMatrix.class.getName());
    Path logs = Path.of("target", "dso-bench-logs");
    Path shm = Ports.scratchDir("jnvm-bench-redis-");
    Files.createDirectories(Path.of("target"));
    Path disk = Files.createTempDirectory(Path.of("target"), "redis-disk-");
    List<AutoCloseable> open = new ArrayList<>();
    try {
      NodeCluster rf1 = keep(open, new NodeCluster("bench-rf1", 3, 1, types, logs));
      NodeCluster rf2 = keep(open, new NodeCluster("bench-rf2", 3, 2, types, logs));
      log("starting 3 nodes with rf 1 and 3 nodes with rf 2");
      rf1.startAll();
      rf2.startAll();
      DsoClient d1 = keep(open, DsoClient.connect(rf1.endpoints()));
      DsoClient d2 = keep(open, DsoClient.connect(rf2.endpoints()));
      DsoClient.setDefault(d1);
      List<Target> targets = new ArrayList<>();
      targets.add(dsoTarget(d1, "DSO ephemeral", false));
      targets.add(dsoTarget(d1, "DSO persistent rf 1", true));
      targets.add(dsoTarget(d2, "DSO persistent rf 2", true));
      targets.addAll(redisTargets(open, shm, disk));
      latency(targets);
      shipping(d1);
      monteCarlo(d1, rf1.endpoints());
    } finally {
      for (int i = open.size() - 1; i >= 0; i--) {
        open.get(i).close();
      }
      Ports.deleteTree(shm);
      Ports.deleteTree(disk);
    }
    Path out = o.out;
    Files.createDirectories(out);
    Report report = new Report(r, o.describe());
    Files.writeString(out.resolve("dso-bench.md"), report.markdown());
    Chart.render(report.panels(), out.resolve("dso-bench.png"));
    System.out.print(report.markdown());
    log("wrote " + out.resolve("dso-bench.md") + " and " + out.resolve("dso-bench.png"));
  }

  private static <T extends AutoCloseable> T keep(List<AutoCloseable> open, T c) {
    open.add(c);
    return c;
  }

  /**
   * Warms every operation of every target, then measures them in {@code ROUNDS} interleaved rounds
   * (each round: every target, every operation, ops/ROUNDS calls), so that a burst of load from
   * elsewhere on the machine falls on all systems alike rather than on one row.
   */
  private void latency(List<Target> targets) throws Exception {
    int w = o.warmup;
    int n = o.ops;
    int perRound = Math.max(1, n / ROUNDS);
    log("warming up " + targets.size() + " systems");
    for (Target t : targets) {
      for (Latency.Op op : t.ops().values()) {
        Latency.warm(op, w);
      }
    }
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
    l.forEach((system, ops) -> ops.forEach((op, lat) -> r.latency(system, op, lat)));
  }

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

  private List<Target> redisTargets(List<AutoCloseable> open, Path shm, Path disk)
      throws Exception {
    if (!o.redis) {
      return List.of();
    }
    if (!RedisServer.available()) {
      log("redis-server not found on the PATH: Redis rows skipped");
      r.note("Redis was not measured: redis-server not found on the PATH.");
      return List.of();
    }
    return List.of(
        redisTarget(open, "Redis everysec", "everysec", shm),
        redisTarget(open, "Redis always", "always", shm),
        redisTarget(open, "Redis always (disk)", "always", disk));
  }

  private static Target redisTarget(List<AutoCloseable> open, String system, String fsync, Path dir)
      throws Exception {
    log("starting " + system + " (AOF under " + dir + ")");
    RedisServer s = keep(open, RedisServer.start(fsync, dir.resolve(fsync), Ports.free()));
    Jedis c = keep(open, s.client());
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

  private void shipping(DsoClient dso) throws Exception {
    int cells = o.cells;
    int n = o.shipOps;
    log("measuring shipped method vs read-modify-write, " + cells + " cells");
    String tag = Long.toHexString(System.nanoTime());
    BenchMatrix m = dso.shared(BenchMatrix.class, "bench-m-" + tag, false, new BenchMatrix(cells));
    Semaphore lock = dso.semaphore("bench-lock-" + tag, 1);
    r.throughput(
        "shipped method (" + cells + " multiplications on the node)",
        opsPerSecond(n, () -> m.scaleAll(1.0000001)));
    r.throughput(
        "client read-modify-write under a DSO lock (acquire, read, multiply, write, release)",
        opsPerSecond(
            n,
            () -> {
              lock.acquire();
              try {
                m.write(scale(m.read()));
              } finally {
                lock.release();
              }
            }));
    r.throughput(
        "client read-modify-write without lock (read, multiply, write; not atomic)",
        opsPerSecond(n, () -> m.write(scale(m.read()))));
  }

  private static double[] scale(double[] v) {
    for (int i = 0; i < v.length; i++) {
      v[i] *= 1.0000001;
    }
    return v;
  }

  private static double opsPerSecond(int n, Runnable op) {
    for (int i = 0; i < Math.max(10, n / 5); i++) {
      op.run();
    }
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      op.run();
    }
    return n / ((System.nanoTime() - t0) / 1e9);
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

  /** The command line of {@code bin/jnvm dso-bench} (picocli: parsing, errors, {@code --help}). */
  @Command(name = "bin/jnvm dso-bench", sortOptions = false, usageHelpWidth = 100)
  static final class Options {
    @Option(
        names = "--ops",
        paramLabel = "N",
        description = "measured operations per latency row (default 5000)")
    int ops = 5000;

    @Option(
        names = "--warmup",
        paramLabel = "N",
        description = "unmeasured operations before them (default 2000)")
    int warmup = 2000;

    @Option(
        names = "--ship-ops",
        paramLabel = "N",
        description = "operations per shipping/RMW measurement (default 100)")
    int shipOps = 100;

    @Option(
        names = "--cells",
        paramLabel = "N",
        description = "matrix cells multiplied per shipped call (default 10000)")
    int cells = 10_000;

    @Option(
        names = "--mc-points",
        paramLabel = "N",
        description = "Monte Carlo points per worker (default 100000000)")
    long mcPoints = 100_000_000;

    @Option(
        names = "--workers",
        paramLabel = "LIST",
        split = ",",
        description = "Monte Carlo worker counts (default 1,2,4,8)")
    List<Integer> workers = List.of(1, 2, 4, 8);

    @Option(
        names = "--redis",
        arity = "1",
        paramLabel = "yes|no",
        converter = YesNo.class,
        description = "measure Redis too (default yes; needs redis-server on the PATH)")
    boolean redis = true;

    @Option(
        names = "--out",
        paramLabel = "DIR",
        description = "where the table and chart go (default results)")
    Path out = Path.of("results");

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        description = "this text")
    boolean help;

    private final String[] args;

    Options(String[] args) {
      this.args = args.clone();
    }

    /** The options as given, for the report. */
    String describe() {
      return args.length == 0 ? "defaults" : String.join(" ", args);
    }
  }

  static final class YesNo implements CommandLine.ITypeConverter<Boolean> {
    @Override
    public Boolean convert(String s) {
      if (s.equals("yes")) return true;
      if (s.equals("no")) return false;
      throw new CommandLine.TypeConversionException("yes or no, not '" + s + "'");
    }
  }

  /** What was measured, in order. */
  static final class Results {
    final Map<String, Map<String, Latency>> latency = new java.util.LinkedHashMap<>();
    final Map<String, Double> throughput = new java.util.LinkedHashMap<>();
    final List<double[]> monteCarlo = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    void latency(String system, String op, Latency l) {
      latency.computeIfAbsent(system, k -> new java.util.LinkedHashMap<>()).put(op, l);
    }

    void throughput(String what, double opsPerSecond) {
      throughput.put(what, opsPerSecond);
    }

    void monteCarlo(int workers, double mpointsPerSecond, double pi) {
      monteCarlo.add(new double[] {workers, mpointsPerSecond, pi});
    }

    void note(String s) {
      notes.add(s);
    }
  }
}
