package org.jnvm.ycsb.bench;

import java.util.List;
import java.util.Map;

/**
 * {@code remote.md}: throughput over Hot Rod per node count, backend and client thread count, and
 * the ratios the server-cluster issue sets goals for: at 1 node jpdt against sifs (>= 5x) and
 * against volatile (>= 0.8x); 3 nodes against 1 with 4 client threads on workload C (>= 1.5x).
 */
final class RemoteReport {
  private RemoteReport() {}

  static String markdown(
      Map<Integer, List<ResultsFile.Row>> byNodes,
      List<String> backends,
      List<Integer> threads,
      List<String> workloads,
      long records) {
    StringBuilder b = new StringBuilder();
    b.append("# YCSB over Hot Rod: Infinispan Server nodes on loopback\n\n");
    b.append(records)
        .append(" records of 1 KB; a distributed cache with 2 owners; each backend's cluster is")
        .append(" started fresh, each client thread count loads into the emptied cache.\n\n");
    b.append("## Throughput (ops/s)\n\n| nodes | threads | backend |");
    workloads.forEach(w -> b.append(' ').append(w.toUpperCase()).append(" |"));
    b.append("\n|---|---|---|").append("---|".repeat(workloads.size())).append('\n');
    byNodes.forEach(
        (nodes, rows) -> {
          for (int t : threads) {
            for (String backend : backends) {
              b.append("| ").append(nodes).append(" | ").append(t).append(" | ");
              b.append(backend).append(" |");
              for (String w : workloads) {
                b.append(' ').append(fmt(throughput(rows, backend, t, w), "%.0f")).append(" |");
              }
              b.append('\n');
            }
          }
        });
    List<ResultsFile.Row> one = byNodes.get(1);
    if (one != null) {
      ratios(b, one, "jpdt", "sifs", threads, workloads, "1 node: jpdt / sifs (goal >= 5x)");
      ratios(
          b, one, "jpdt", "volatile", threads, workloads, "1 node: jpdt / volatile (goal >= 0.8x)");
    }
    List<ResultsFile.Row> three = byNodes.get(3);
    if (one != null && three != null && threads.contains(4) && workloads.contains("c")) {
      b.append("\n## 3 nodes / 1 node, 4 client threads, workload C (goal >= 1.5x)\n\n");
      for (String backend : backends) {
        double r = throughput(three, backend, 4, "c") / throughput(one, backend, 4, "c");
        b.append("- ").append(backend).append(": ").append(fmt(r, "%.2fx")).append('\n');
      }
    }
    return b.toString();
  }

  private static void ratios(
      StringBuilder b,
      List<ResultsFile.Row> rows,
      String mine,
      String base,
      List<Integer> threads,
      List<String> workloads,
      String title) {
    b.append("\n## ").append(title).append("\n\n| threads |");
    workloads.forEach(w -> b.append(' ').append(w.toUpperCase()).append(" |"));
    b.append("\n|---|").append("---|".repeat(workloads.size())).append('\n');
    for (int t : threads) {
      b.append("| ").append(t).append(" |");
      for (String w : workloads) {
        double r = throughput(rows, mine, t, w) / throughput(rows, base, t, w);
        b.append(' ').append(fmt(r, "%.2fx")).append(" |");
      }
      b.append('\n');
    }
  }

  /** The throughput of (backend, threads, workload), NaN when that run has no row. */
  static double throughput(List<ResultsFile.Row> rows, String backend, int threads, String w) {
    for (ResultsFile.Row r : rows) {
      if (r.target().equals(backend) && r.threads() == threads && r.workload().equals(w)) {
        return r.throughput();
      }
    }
    return Double.NaN;
  }

  private static String fmt(double v, String f) {
    return Double.isNaN(v) || Double.isInfinite(v) ? "-" : String.format(f, v);
  }
}
