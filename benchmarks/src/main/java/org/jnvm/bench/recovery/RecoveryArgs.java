package org.jnvm.bench.recovery;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The recovery benchmark's command line.
 *
 * @param objects heap sizes to measure, in cells (64-byte objects)
 * @param repeats reopens per thread count
 * @param threads recovery thread counts, each measured {@code repeats} times, interleaved
 * @param chain cells per chain hanging from each array slot
 * @param out TSV file the runs are appended to, or null
 */
public record RecoveryArgs(
    List<Long> objects, int repeats, List<Integer> threads, int chain, Path out, boolean help) {

  public static final String USAGE =
      String.join(
          "\n",
          "usage: RecoveryBench [--objects 1M,10M] [--repeats 3] [--threads 1,2] [--chain 4]"
              + " [--out FILE.tsv]",
          "  --objects LIST  heap sizes in 64-byte cells (suffix k or M); default 1M",
          "  --repeats N     reopens per thread count; default 3",
          "  --threads LIST  recovery thread counts; default 1,2",
          "  --chain N       cells per chain hanging from each array slot; default 4",
          "  --out FILE      append the runs to this TSV file (with a header if new)",
          "Heaps go to /dev/shm (or -Djnvm.bench.dir=DIR) and are deleted at the end.");

  public static RecoveryArgs defaults() {
    return new RecoveryArgs(List.of(1_000_000L), 3, List.of(1, 2), 4, null, false);
  }

  /** Parses {@code args}; throws IllegalArgumentException naming the bad argument. */
  public static RecoveryArgs parse(String... args) {
    RecoveryArgs r = defaults();
    for (int i = 0; i < args.length; i++) {
      String flag = args[i];
      if (flag.equals("--help") || flag.equals("-h")) {
        return new RecoveryArgs(r.objects, r.repeats, r.threads, r.chain, r.out, true);
      }
      if (i + 1 >= args.length) throw new IllegalArgumentException("missing value after " + flag);
      r = r.with(flag, args[++i]);
    }
    return r;
  }

  private RecoveryArgs with(String flag, String v) {
    return switch (flag) {
      case "--objects" -> new RecoveryArgs(counts(v), repeats, threads, chain, out, help);
      case "--repeats" -> new RecoveryArgs(objects, positive(flag, v), threads, chain, out, help);
      case "--threads" -> new RecoveryArgs(objects, repeats, ints(flag, v), chain, out, help);
      case "--chain" -> new RecoveryArgs(objects, repeats, threads, positive(flag, v), out, help);
      case "--out" -> new RecoveryArgs(objects, repeats, threads, chain, Path.of(v), help);
      default -> throw new IllegalArgumentException("unknown option: " + flag);
    };
  }

  /** Parses "10k", "1M", "2500000"; comma-separated. */
  static List<Long> counts(String list) {
    List<Long> out = new ArrayList<>();
    for (String s : list.split(",")) {
      String t = s.trim().toLowerCase(Locale.ROOT);
      long unit = t.endsWith("k") ? 1_000 : t.endsWith("m") ? 1_000_000 : 1;
      String digits = unit == 1 ? t : t.substring(0, t.length() - 1);
      long n;
      try {
        n = Long.parseLong(digits) * unit;
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("--objects: not a count: " + s);
      }
      if (n <= 0) throw new IllegalArgumentException("--objects must be positive: " + s);
      out.add(n);
    }
    return List.copyOf(out);
  }

  private static List<Integer> ints(String flag, String list) {
    List<Integer> out = new ArrayList<>();
    for (String s : list.split(",")) out.add(positive(flag, s.trim()));
    return List.copyOf(out);
  }

  private static int positive(String flag, String v) {
    try {
      int n = Integer.parseInt(v);
      if (n > 0) return n;
    } catch (NumberFormatException ignored) {
      // reported below with the flag
    }
    throw new IllegalArgumentException(flag + " must be a positive integer: " + v);
  }
}
