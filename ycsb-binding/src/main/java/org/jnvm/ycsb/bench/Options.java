package org.jnvm.ycsb.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The command line of {@code bin/jnvm bench}. */
final class Options {
  static final long QUICK_RECORDS = 50_000;
  static final double QUICK_SECONDS = 3;
  static final long QUICK_OPS = 1_000_000;
  static final long PAPER_RECORDS = 3_000_000;
  static final long PAPER_OPS = 3_000_000;

  long records = QUICK_RECORDS;
  long ops = QUICK_OPS;
  double seconds = QUICK_SECONDS;
  double warmUpSeconds = 2;
  List<Integer> threads = List.of(1);
  List<String> workloads = Workloads.ALL;
  List<String> backends = null;
  Path heapDir = null;
  Path out = null;
  boolean help;

  static String usage() {
    return String.join(
        "\n",
        "usage: bin/jnvm bench [OPTIONS]",
        "YCSB on Infinispan embedded with each persistence backend, and on J-PDT and PMDK directly,",
        "side by side on emulated NVMM (/dev/shm). Quick default: about 2.5 minutes on 2 cores.",
        "  --records N      records loaded (default 50k; k, M suffixes)",
        "  --seconds S      each workload runs S seconds or --ops operations, whichever ends",
        "                   first (default 3; 0: exactly --ops operations)",
        "  --ops N          operations per workload (default 1M; E runs a tenth)",
        "  --threads LIST   client thread counts, e.g. 1,2 (default 1)",
        "  --workloads LIST a,b,c,d,e,f (default all; E runs only where scans are supported)",
        "  --backends LIST  default: every backend this build has but the optional ones (below)",
        "  --heap-dir DIR   where stores, heaps and pools go (default /dev/shm)",
        "  --warmup SECONDS unmeasured run of the first workload in each JVM (default 2; 0: none)",
        "  --paper          the SOSP'21 size: 3M records, exactly 3M operations per workload",
        "  --out DIR        results directory (default results/ycsb-<timestamp>)",
        "  --help",
        "Backends: " + Targets.described(),
        "Writes report.md (also printed), results.tsv, chart.png and one log per JVM.");
  }

  static Options parse(String[] args) {
    Options o = new Options();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      switch (a) {
        case "--help", "-h" -> o.help = true;
        case "--paper" -> {
          o.records = PAPER_RECORDS;
          o.ops = PAPER_OPS;
          o.seconds = 0;
        }
        case "--records" -> o.records = count(a, value(args, ++i, a));
        case "--ops" -> o.ops = count(a, value(args, ++i, a));
        case "--threads" -> o.threads = threads(value(args, ++i, a));
        case "--workloads" -> o.workloads = Workloads.parse(value(args, ++i, a));
        case "--backends" -> o.backends = Targets.parse(value(args, ++i, a));
        case "--warmup" -> o.warmUpSeconds = seconds(a, value(args, ++i, a));
        case "--seconds" -> o.seconds = seconds(a, value(args, ++i, a));
        case "--heap-dir" -> o.heapDir = Path.of(value(args, ++i, a));
        case "--out" -> o.out = Path.of(value(args, ++i, a));
        default -> throw new IllegalArgumentException("unknown option: " + a + "\n" + usage());
      }
    }
    return o;
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) throw new IllegalArgumentException(option + " needs a value");
    return args[i];
  }

  /** A positive count with an optional k or M suffix (powers of ten). */
  static long count(String option, String s) {
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
    throw new IllegalArgumentException(
        option + " needs a positive count (k and M suffixes allowed): " + option + "=" + s);
  }

  private static double seconds(String option, String s) {
    try {
      double v = Double.parseDouble(s);
      if (v >= 0) return v;
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(option + " needs seconds (0 or more): " + option + "=" + s);
  }

  private static List<Integer> threads(String s) {
    List<Integer> t = new ArrayList<>();
    for (String p : s.split(",")) t.add((int) count("--threads", p));
    return List.copyOf(t);
  }
}
