package org.jnvm.crucial.bench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import org.jnvm.crucial.cluster.NodeCluster;
import org.jnvm.crucial.cluster.NodeProcess;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicReference;

/**
 * The probe behind docs/crucial.md's warm-up and CPU-per-call figures: one client thread, a 3-node
 * cluster at the given rf, rounds of N puts then N gets of 1 KB on one persistent object (N/2 of
 * each unmeasured before every round), printing per round the node CPU per call (user + system time
 * of the three node JVMs from {@code /proc/PID/stat}: other processes' load inflates it far less
 * than wall time), the mean wall time, and the puts' p50 and p99. Linux only.
 *
 * <p>Usage: {@code java -cp CLASSPATH org.jnvm.crucial.bench.NodeCpuProbe RF N ROUNDS}.
 */
public final class NodeCpuProbe {
  private NodeCpuProbe() {}

  public static void main(String[] args) throws Exception {
    int rf = Integer.parseInt(args[0]);
    int n = Integer.parseInt(args[1]);
    int rounds = Integer.parseInt(args[2]);
    try (NodeCluster c =
        new NodeCluster("probe", 3, rf, List.of(), Path.of("target", "dso-bench-logs"))) {
      c.startAll();
      try (DsoClient dso = DsoClient.connect(c.endpoints())) {
        byte[] kb = new byte[1024];
        AtomicReference<byte[]> o = dso.atomicReference("probe-1k", true, kb);
        for (int r = 0; r < rounds; r++) {
          System.out.println("rf " + rf + " round " + r + ": " + round(c, o, kb, n));
        }
      }
    }
  }

  private static String round(NodeCluster c, AtomicReference<byte[]> o, byte[] kb, int n)
      throws IOException {
    for (int i = 0; i < n / 2; i++) {
      kb[0] = (byte) i;
      o.set(kb);
      o.get();
    }
    long[] put = new long[n];
    long c0 = nodesTicks(c);
    long t0 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      kb[0] = (byte) i;
      long s = System.nanoTime();
      o.set(kb);
      put[i] = System.nanoTime() - s;
    }
    long c1 = nodesTicks(c);
    long t1 = System.nanoTime();
    for (int i = 0; i < n; i++) {
      o.get();
    }
    long c2 = nodesTicks(c);
    long t2 = System.nanoTime();
    Arrays.sort(put);
    return String.format(
        "put node CPU %.0f us/call, wall %.0f us/call, p50 %d us, p99 %d us;"
            + " get node CPU %.0f us/call, wall %.0f us/call",
        (c1 - c0) * ProcCpu.MICROS_PER_TICK / n,
        (t1 - t0) / 1e3 / n,
        put[n / 2] / 1000,
        put[n * 99 / 100] / 1000,
        (c2 - c1) * ProcCpu.MICROS_PER_TICK / n,
        (t2 - t1) / 1e3 / n);
  }

  private static long nodesTicks(NodeCluster c) throws IOException {
    long t = 0;
    for (NodeProcess p : c.nodes()) {
      t += ProcCpu.ticks(p.pid());
    }
    return t;
  }
}
