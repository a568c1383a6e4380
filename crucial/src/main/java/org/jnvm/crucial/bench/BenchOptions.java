package org.jnvm.crucial.bench;

import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The command line of {@code bin/jnvm dso-bench} (picocli: parsing, {@code --help}); {@link #parse}
 * also rejects values out of range, naming the option and the value.
 */
@Command(name = "bin/jnvm dso-bench", sortOptions = false, usageHelpWidth = 100)
final class BenchOptions {
  @Option(
      names = "--throughput",
      description = "run only the throughput experiment (shared integers, seed Figure 3)")
  boolean throughputOnly;

  @Option(
      names = "--ops",
      paramLabel = "N",
      description = "measured operations per latency row (default 5000)")
  int ops = 5000;

  @Option(
      names = "--warmup",
      paramLabel = "N",
      description =
          "unmeasured operations per latency row before them (default 25000: the nodes' JIT needs"
              + " tens of thousands of calls)")
  int warmup = 25_000;

  @Option(
      names = "--ship-ops",
      paramLabel = "N",
      description = "operations per shipping/RMW measurement in each round (default 30)")
  int shipOps = 30;

  @Option(
      names = "--ship-rounds",
      paramLabel = "N",
      description = "interleaved rounds of the shipping/RMW comparison (default 9)")
  int shipRounds = 9;

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
      names = "--duration",
      paramLabel = "SECONDS",
      description =
          "throughput: seconds measured per (system, rf, operation), split over the rounds"
              + " (default 6; the seed ran 30)")
  int duration = 6;

  @Option(
      names = "--tp-rounds",
      paramLabel = "N",
      description = "throughput: interleaved rounds (default 3)")
  int tpRounds = 3;

  @Option(
      names = "--tp-warmup",
      paramLabel = "SECONDS",
      description =
          "throughput: least warm-up per (system, rf, operation); it goes on in 2 s windows"
              + " until the rate stops rising (default 5)")
  int tpWarmup = 5;

  @Option(
      names = "--tp-warmup-max",
      paramLabel = "SECONDS",
      description =
          "throughput: most warm-up per (system, rf, operation); the report names the points"
              + " not settled by then (default 90)")
  int tpWarmupMax = 90;

  @Option(
      names = "--tp-workers",
      paramLabel = "N",
      description = "throughput: client worker JVMs (default 2)")
  int tpWorkers = 2;

  @Option(
      names = "--tp-threads",
      paramLabel = "N",
      description = "throughput: client threads per worker JVM (default 8)")
  int tpThreads = 8;

  @Option(
      names = "--objects",
      paramLabel = "N",
      description = "throughput: shared integers (default 800)")
  int objects = 800;

  @Option(
      names = "--complex",
      paramLabel = "N",
      description = "throughput: multiplications of the complex operation (default 10000)")
  int complex = 10_000;

  @Option(
      names = "--rf",
      paramLabel = "LIST",
      split = ",",
      description = "throughput: replication factors, each 1 to 3 (default 1,2,3)")
  List<Integer> rfs = List.of(1, 2, 3);

  @Option(
      names = "--redis",
      arity = "1",
      paramLabel = "yes|no",
      description = "measure Redis too (default yes; needs redis-server on the PATH)")
  String redisArg = "yes";

  /** Whether Redis is measured (from {@code --redis}; picocli toggles booleans, hence a string). */
  boolean redis = true;

  @Option(
      names = "--model-cores",
      paramLabel = "N",
      description =
          "model of the seed's Figure 3: vCPUs per DSO node and per Redis server machine"
              + " (default 8, the seed's r5.2xlarge)")
  int modelCores = SeedModel.Params.SEED.coresPerMachine();

  @Option(
      names = "--model-threads",
      paramLabel = "N",
      description = "model: cloud threads (default 200, the seed's)")
  int modelThreads = SeedModel.Params.SEED.cloudThreads();

  @Option(
      names = "--model-rtt",
      paramLabel = "US",
      description = "model: network round trip in microseconds (default 200)")
  double modelRtt = SeedModel.Params.SEED.rttMicros();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "where the tables and charts go (default results)")
  Path out = Path.of("results");

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "this text")
  boolean help;

  private String[] args = new String[0];

  /** Parses and checks {@code args}; a bad option or value throws with the option and value. */
  static BenchOptions parse(CommandLine cl, String... args) {
    cl.parseArgs(args);
    BenchOptions o = cl.getCommand();
    o.args = args.clone();
    o.check(cl);
    return o;
  }

  static CommandLine commandLine() {
    return new CommandLine(new BenchOptions());
  }

  private void check(CommandLine cl) {
    positive(cl, "--ops", ops);
    positive(cl, "--ship-ops", shipOps);
    positive(cl, "--ship-rounds", shipRounds);
    positive(cl, "--cells", cells);
    positive(cl, "--mc-points", mcPoints);
    workers.forEach(w -> positive(cl, "--workers", w));
    positive(cl, "--duration", duration);
    positive(cl, "--tp-rounds", tpRounds);
    positive(cl, "--tp-workers", tpWorkers);
    positive(cl, "--tp-threads", tpThreads);
    positive(cl, "--objects", objects);
    positive(cl, "--complex", complex);
    positive(cl, "--model-cores", modelCores);
    positive(cl, "--model-threads", modelThreads);
    if (!(modelRtt >= 0)) {
      throw bad(cl, "--model-rtt must be >= 0: " + modelRtt);
    }
    if (!redisArg.equals("yes") && !redisArg.equals("no")) {
      throw bad(cl, "--redis must be yes or no, not '" + redisArg + "'");
    }
    redis = redisArg.equals("yes");
    if (warmup < 0 || tpWarmup < 0) {
      throw bad(cl, "--warmup and --tp-warmup must be >= 0: " + warmup + ", " + tpWarmup);
    }
    if (tpWarmupMax < tpWarmup) {
      throw bad(cl, "--tp-warmup-max must be >= --tp-warmup: " + tpWarmupMax + " < " + tpWarmup);
    }
    if (duration * 1000L / tpRounds < 100) {
      throw bad(
          cl,
          "--duration / --tp-rounds must leave >= 0.1 s per round: "
              + duration
              + " s / "
              + tpRounds);
    }
    for (int rf : rfs) {
      if (rf < 1 || rf > ThroughputPlan.NODES) {
        throw bad(cl, "--rf must be 1 to " + ThroughputPlan.NODES + " (nodes per cluster): " + rf);
      }
    }
  }

  private static void positive(CommandLine cl, String option, long v) {
    if (v <= 0) {
      throw bad(cl, option + " must be > 0: " + v);
    }
  }

  private static CommandLine.ParameterException bad(CommandLine cl, String message) {
    return new CommandLine.ParameterException(cl, message);
  }

  ThroughputPlan throughputPlan() {
    return new ThroughputPlan(
        tpWorkers,
        tpThreads,
        objects,
        complex,
        rfs.stream().distinct().sorted().toList(),
        duration,
        tpRounds,
        tpWarmup,
        tpWarmupMax,
        redis);
  }

  SeedModel.Params modelParams() {
    return new SeedModel.Params(modelCores, modelThreads, modelRtt);
  }

  /** The options as given, for the report. */
  String describe() {
    return args.length == 0 ? "defaults" : String.join(" ", args);
  }
}
