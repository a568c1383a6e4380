package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** The command line of {@code bin/jnvm bench} (picocli: parsing, errors and {@code --help}). */
@Command(
    name = "bin/jnvm bench",
    sortOptions = false,
    description =
        "YCSB on Infinispan embedded with each persistence backend, and on J-PDT and PMDK"
            + " directly, side by side on emulated NVMM (/dev/shm). Quick default: 3-5 minutes"
            + " on 2 cores.",
    footer =
        "Writes report.md (also printed), results.tsv, chart.png and one log per JVM; with"
            + " --rounds, those of each round under round-K, and rounds.md.")
final class Options {
  static final long QUICK_RECORDS = 50_000;
  static final double QUICK_SECONDS = 3;
  static final long QUICK_OPS = 1_000_000;
  static final long PAPER_RECORDS = 3_000_000;
  static final long PAPER_OPS = 3_000_000;

  @Option(
      names = "--records",
      paramLabel = "N",
      converter = Count.class,
      description = "records loaded (default 50k; k, M suffixes)")
  long records = QUICK_RECORDS;

  @Option(
      names = "--seconds",
      paramLabel = "S",
      converter = Seconds.class,
      description =
          "each workload runs S seconds or --ops operations, whichever ends first (default 3;"
              + " 0: exactly --ops operations)")
  double seconds = QUICK_SECONDS;

  @Option(
      names = "--ops",
      paramLabel = "N",
      converter = Count.class,
      description = "operations per workload (default 1M; E runs a tenth)")
  long ops = QUICK_OPS;

  @Option(
      names = "--threads",
      paramLabel = "LIST",
      converter = Threads.class,
      description = "client thread counts, e.g. 1,2 (default 1)")
  List<Integer> threads = List.of(1);

  @Option(
      names = "--workloads",
      paramLabel = "LIST",
      converter = WorkloadList.class,
      description = "a,b,c,d,e,f (default all; E runs only where scans are supported)")
  List<String> workloads = Workloads.ALL;

  @Option(
      names = "--backends",
      paramLabel = "LIST",
      converter = BackendList.class,
      description = "default: every backend this build has but the optional ones (below)")
  List<String> backends = null;

  @Option(
      names = "--heap-dir",
      paramLabel = "DIR",
      description = "where stores, heaps and pools go (default /dev/shm)")
  Path heapDir = null;

  @Option(
      names = "--warmup",
      paramLabel = "SECONDS",
      converter = Seconds.class,
      description =
          "unmeasured run of the first workload in each JVM (default 2, --remote 10; 0: no"
              + " warm-up at all); each later workload runs 1 s (or SECONDS if shorter)"
              + " unmeasured first; with --scale, shared by the workloads at each size")
  double warmUpSeconds = 2;

  /**
   * The warm-up of a --remote client: the servers are fresh JVMs too, and their write path (with 3
   * nodes, the replication RPCs) was still compiling after 2 s: workload A, the first, ran at a
   * tenth of its later rate.
   */
  static final double REMOTE_WARMUP_SECONDS = 10;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "results directory (default results/ycsb-<timestamp>)")
  Path out = null;

  /** At most this many --rounds: each is a whole comparison. */
  static final int MAX_ROUNDS = 20;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description =
          "run the comparison N times in a row (round-1 .. round-N under the results directory,"
              + " each with its own report) and write rounds.md: every ratio taken within each"
              + " round, its median and range over the rounds (default 1)")
  int rounds = 1;

  @Option(
      names = "--remote",
      description =
          "YCSB over Hot Rod instead: real Infinispan Server clusters on loopback (bin/jnvm"
              + " server), backends jpdt, sifs, volatile, client threads 1,4 unless given; report"
              + " and charts in results/remote-<timestamp>")
  boolean remote;

  @Option(
      names = "--nodes",
      paramLabel = "LIST",
      converter = Threads.class,
      description = "with --remote: server node counts (default 1,3)")
  List<Integer> nodes = List.of(1, 3);

  /** True if --threads was given (--remote has its own default). */
  boolean threadsGiven;

  @Option(
      names = "--scale",
      description =
          "the data-set-size experiment instead: workloads F and A as the data set grows from 0.25"
              + " GB to the largest this machine holds, with each backend's Java heap and GC cost;"
              + " report and charts in results/scale-<timestamp> (about 10 minutes)")
  boolean scale;

  @Option(
      names = "--quick",
      description = "with --scale: 0.25, 0.5 and 1 GB, 2 s per workload (about 3 minutes)")
  boolean quick;

  @Option(
      names = "--gc",
      paramLabel = "LIST",
      converter = GcList.class,
      description = "with --scale: collectors to compare, of g1, parallel, zgc (default g1)")
  List<String> gcs = List.of("g1");

  @Option(
      names = "--sizes",
      paramLabel = "LIST",
      description =
          "with --scale: data-set sizes in GB, e.g. 0.25,1,4 (default: see --scale); with"
              + " --restart: entries, e.g. 100k,1M (default 10k,100k)")
  String sizes = null;

  /** {@code --sizes} of {@code --scale}, in GB. */
  List<Double> sizesGb = null;

  /** {@code --sizes} of {@code --restart}, in entries. */
  List<Long> restartSizes = null;

  @Option(
      names = "--restart",
      description =
          "the restart experiment instead: per backend and size, load, SIGKILL the JVM in a write"
              + " load, restart it on the same files; time to open, to the first read and to 90%%"
              + " of steady reads, acknowledged entries lost, heap and RSS; report and chart in"
              + " results/restart-<timestamp> (quick default about 5 minutes; --seconds: the"
              + " read period, default 5)")
  boolean restart;

  @Option(
      names = "--rejoin",
      description =
          "a server node's rejoin instead: per size and backend (jpdt, sifs, volatile), a 3-node"
              + " bin/jnvm server cluster loaded with that many entries over Hot Rod, one node"
              + " SIGKILLed under a write load and restarted; time until it serves and until the"
              + " cluster is balanced, acknowledged writes lost; report in results/rejoin-<timestamp>"
              + " (--sizes: entries, default 100k)")
  boolean rejoin;

  /** True if --seconds was given (--restart has its own default). */
  boolean secondsGiven;

  @Option(
      names = {"--help", "-h"},
      usageHelp = true,
      description = "this text")
  boolean help;

  /** The SOSP'21 size; options after it on the line still override its values. */
  @Option(
      names = "--paper",
      description = "the SOSP'21 size: 3M records, exactly 3M operations per workload")
  void paper(boolean on) {
    if (!on) return;
    records = PAPER_RECORDS;
    ops = PAPER_OPS;
    seconds = 0;
  }

  static Options parse(String[] args) {
    Options o = new Options();
    try {
      command(o).parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      throw new IllegalArgumentException(e.getMessage() + "\n" + usage(), e);
    }
    o.checkScale(args);
    o.checkRemote(args);
    o.checkRestart(args);
    o.checkRejoin(args);
    o.checkRounds();
    o.convertSizes();
    return o;
  }

  private static boolean given(String[] args, String option) {
    return List.of(args).stream().anyMatch(a -> a.equals(option) || a.startsWith(option + "="));
  }

  private void checkRestart(String[] args) {
    secondsGiven = given(args, "--seconds");
    if (!restart) return;
    if (scale || remote) {
      throw new IllegalArgumentException(
          "--restart and " + (scale ? "--scale" : "--remote") + " are two experiments: pick one");
    }
    for (String other : List.of("--threads", "--workloads", "--ops", "--paper", "--warmup")) {
      if (given(args, other)) {
        throw new IllegalArgumentException(
            other + " does not apply to --restart (one reader thread, reads only)");
      }
    }
  }

  private void checkRejoin(String[] args) {
    if (!rejoin) return;
    if (scale || remote || restart) {
      throw new IllegalArgumentException(
          "--rejoin and "
              + (scale ? "--scale" : remote ? "--remote" : "--restart")
              + " are two experiments: pick one");
    }
    for (String other : List.of("--threads", "--workloads", "--ops", "--paper", "--nodes")) {
      if (given(args, other)) {
        throw new IllegalArgumentException(
            other + " does not apply to --rejoin (3 nodes, one writer thread)");
      }
    }
    if (backends != null) {
      for (String b : backends) {
        if (!List.of("jpdt", "jpfa", "sifs", "volatile").contains(b)) {
          throw new IllegalArgumentException(
              "--rejoin runs the server backends jpdt, jpfa, sifs, volatile, not " + b);
        }
      }
    }
  }

  /** {@code --sizes} in the unit of its experiment. */
  private void convertSizes() {
    if (sizes == null) return;
    try {
      if (restart || rejoin) {
        restartSizes = new Counts().convert(sizes).stream().distinct().sorted().toList();
      } else {
        sizesGb = new SizeList().convert(sizes);
      }
    } catch (TypeConversionException e) {
      throw new IllegalArgumentException("--sizes: " + e.getMessage(), e);
    }
  }

  /** The options of one experiment are refused on the other, with the reason. */
  private void checkScale(String[] args) {
    List<String> given = List.of(args);
    if (!scale) {
      for (String only : List.of("--quick", "--gc", "--sizes")) {
        if (only.equals("--sizes") && (restart || rejoin)) continue;
        if (given.stream().anyMatch(a -> a.equals(only) || a.startsWith(only + "="))) {
          String to = only.equals("--sizes") ? "--scale, --restart or --rejoin" : "--scale";
          throw new IllegalArgumentException(only + " belongs to " + to + ": add it");
        }
      }
    } else if (threads.size() != 1) {
      throw new IllegalArgumentException(
          "--scale runs one client thread count, not --threads " + threads);
    }
  }

  private void checkRounds() {
    if (rounds < 1 || rounds > MAX_ROUNDS) {
      throw new IllegalArgumentException("--rounds: 1 to " + MAX_ROUNDS + " rounds, not " + rounds);
    }
    if (rounds > 1 && (scale || remote || restart || rejoin)) {
      throw new IllegalArgumentException(
          "--rounds repeats the comparison, not "
              + (scale ? "--scale" : remote ? "--remote" : restart ? "--restart" : "--rejoin"));
    }
  }

  private void checkRemote(String[] args) {
    List<String> given = List.of(args);
    threadsGiven =
        given.stream().anyMatch(a -> a.equals("--threads") || a.startsWith("--threads="));
    boolean nodesGiven =
        given.stream().anyMatch(a -> a.equals("--nodes") || a.startsWith("--nodes="));
    boolean warmupGiven =
        given.stream().anyMatch(a -> a.equals("--warmup") || a.startsWith("--warmup="));
    if (remote && !warmupGiven) warmUpSeconds = REMOTE_WARMUP_SECONDS;
    if (nodesGiven && !remote) {
      throw new IllegalArgumentException("--nodes belongs to --remote: add --remote");
    }
    if (remote && scale) {
      throw new IllegalArgumentException("--remote and --scale are two experiments: pick one");
    }
    if (remote && backends != null) {
      for (String b : backends) {
        if (!List.of("jpdt", "jpfa", "sifs", "volatile").contains(b)) {
          throw new IllegalArgumentException(
              "--remote runs the server backends jpdt, jpfa, sifs, volatile, not " + b);
        }
      }
    }
    if (nodes.stream().anyMatch(n -> n > 16)) {
      throw new IllegalArgumentException("--nodes: at most 16 nodes on loopback, not " + nodes);
    }
  }

  static String usage() {
    return command(new Options()).getUsageMessage(CommandLine.Help.Ansi.OFF).stripTrailing();
  }

  private static CommandLine command(Options o) {
    CommandLine c = new CommandLine(o);
    c.setUsageHelpWidth(100);
    var usage = c.getCommandSpec().usageMessage();
    usage.footer("Backends: " + Targets.described(), usage.footer()[0]);
    return c;
  }

  /** A positive count with an optional k or M suffix (powers of ten). */
  static long count(String s) {
    String t = s.trim().toLowerCase(Locale.ROOT);
    long mult = 1;
    if (t.endsWith("k")) mult = 1_000;
    if (t.endsWith("m")) mult = 1_000_000;
    if (mult > 1) t = t.substring(0, t.length() - 1);
    try {
      long v = Math.multiplyExact(Long.parseLong(t), mult);
      if (v > 0) return v;
    } catch (NumberFormatException | ArithmeticException e) {
      // reported below
    }
    throw new TypeConversionException(
        "a positive count is needed (k and M suffixes allowed), not '" + s + "'");
  }

  static final class Count implements ITypeConverter<Long> {
    @Override
    public Long convert(String s) {
      return count(s);
    }
  }

  static final class Seconds implements ITypeConverter<Double> {
    @Override
    public Double convert(String s) {
      try {
        double v = Double.parseDouble(s);
        if (v >= 0) return v;
      } catch (NumberFormatException e) {
        // reported below
      }
      throw new TypeConversionException("seconds (0 or more) are needed, not '" + s + "'");
    }
  }

  static final class Counts implements ITypeConverter<List<Long>> {
    @Override
    public List<Long> convert(String s) {
      List<Long> out = new ArrayList<>();
      for (String p : s.split(",")) out.add(count(p));
      return List.copyOf(out);
    }
  }

  static final class Threads implements ITypeConverter<List<Integer>> {
    @Override
    public List<Integer> convert(String s) {
      List<Integer> t = new ArrayList<>();
      for (String p : s.split(",")) t.add(Math.toIntExact(count(p)));
      return List.copyOf(t);
    }
  }

  static final class WorkloadList implements ITypeConverter<List<String>> {
    @Override
    public List<String> convert(String s) {
      try {
        return Workloads.parse(s);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }

  static final class GcList implements ITypeConverter<List<String>> {
    @Override
    public List<String> convert(String s) {
      List<String> out = new ArrayList<>();
      for (String p : s.split(",")) {
        String gc = p.trim().toLowerCase(Locale.ROOT);
        if (!ScalePlan.GCS.containsKey(gc)) {
          throw new TypeConversionException(
              "unknown collector: "
                  + p
                  + " (known: "
                  + String.join(",", ScalePlan.GCS.keySet())
                  + ")");
        }
        if (!out.contains(gc)) out.add(gc);
      }
      return List.copyOf(out);
    }
  }

  static final class SizeList implements ITypeConverter<List<Double>> {
    @Override
    public List<Double> convert(String s) {
      List<Double> out = new ArrayList<>();
      for (String p : s.split(",")) {
        try {
          double gb = Double.parseDouble(p.trim());
          if (gb >= 0.001) {
            out.add(gb);
            continue;
          }
        } catch (NumberFormatException e) {
          // reported below
        }
        throw new TypeConversionException(
            "a size in GB (0.001 or more) is needed, not '" + p + "'");
      }
      return List.copyOf(out);
    }
  }

  static final class BackendList implements ITypeConverter<List<String>> {
    @Override
    public List<String> convert(String s) {
      try {
        return Targets.parse(s);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(e.getMessage());
      }
    }
  }
}
