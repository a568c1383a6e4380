package org.jnvm.bench.gateway;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;

/**
 * {@link FileProbeBench}'s operations timed by the thread's CPU time instead of the wall clock: on
 * a machine whose cores are shared with other work, a thread waiting for a core adds wall time that
 * is not the code's, and JMH's averages then differ by more than the probe costs. Run it with and
 * without {@code -Djnvm.checks.file=false}, alternating, and compare the medians.
 *
 * <p>Prints one line per operation: the median and the minimum over {@value #BLOCKS} blocks of
 * {@value #OPS} operations of the CPU time per line written back, in ns.
 */
public final class ProbeCpuCost {
  private static final int BLOCKS = 31;
  private static final int OPS = 200_000;
  private static final int LINES = LineBlock.LINES;

  private ProbeCpuCost() {}

  public static void main(String[] args) {
    Gateway.requireHardwareBackend();
    ThreadMXBean t = ManagementFactory.getThreadMXBean();
    try (BenchHeap heap = BenchHeap.create("probe-cpu", 4 << 20)) {
      LineBlock block = new LineBlock(heap.heap());
      block.persist();
      long line0 = block.lineAddress(0);
      for (String op : new String[] {"line1", "lines64", "page"}) {
        for (int warm = 0; warm < 5; warm++) run(op, line0); // compiled by C2 before timing
        double[] perLine = new double[BLOCKS];
        for (int b = 0; b < BLOCKS; b++) {
          long start = t.getCurrentThreadCpuTime();
          long lines = run(op, line0);
          perLine[b] = (double) (t.getCurrentThreadCpuTime() - start) / lines;
        }
        Arrays.sort(perLine);
        System.out.printf(
            "%s probe=%s median=%.1f min=%.1f ns/line%n",
            op, Pmem.FILE_CHECKS, perLine[BLOCKS / 2], perLine[0]);
      }
    }
  }

  /** One block of {@code op}; returns the lines written back. */
  private static long run(String op, long line0) {
    switch (op) {
      case "line1" -> {
        for (int i = 0; i < OPS; i++) {
          Pmem.putLong(line0, i);
          Pmem.pwb(line0);
          Pmem.pfence();
        }
        return OPS;
      }
      case "lines64" -> {
        for (int i = 0; i < OPS / LINES; i++) {
          LineState.storeEachLine(line0, LINES, i);
          Pmem.pfence();
        }
        return (long) OPS / LINES * LINES;
      }
      default -> {
        for (int i = 0; i < OPS / LINES; i++) {
          for (int l = 0; l < LINES; l++) Pmem.putLong(line0 + (long) l * Pmem.LINE, i);
          Pmem.pwb(line0, (long) LINES * Pmem.LINE);
          Pmem.pfence();
        }
        return (long) OPS / LINES * LINES;
      }
    }
  }
}
