package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;
import org.jnvm.server.ClusterSpec;
import org.jnvm.server.LoopbackPorts;
import org.jnvm.server.ServerArtifacts;
import org.jnvm.server.ServerCluster;
import org.jnvm.server.StoreBackend;
import org.jnvm.ycsb.Dirs;
import org.jnvm.ycsb.hotrod.HotRodDB;

/**
 * {@code bin/jnvm bench --remote}: YCSB over Hot Rod against real Infinispan Server clusters on
 * loopback, one cluster per (node count, backend), started with {@code bin/jnvm server}'s classes
 * (distributed cache, 2 owners, a J-NVM heap per node for jpdt and jpfa, the SoftIndexFileStore for
 * sifs, nothing for volatile). Each thread count is a client child JVM of its own ({@link UnitMain}
 * with {@link HotRodDB}) that loads the records into the emptied cache, then runs the workloads.
 * Per node count, {@code nodes-N/} holds the embedded run's report, results and chart; {@code
 * remote.md} puts the node counts side by side with the ratios.
 */
final class Remote {
  static final List<String> BACKENDS = List.of("jpdt", "sifs", "volatile");
  static final List<Integer> THREADS = List.of(1, 4);

  private Remote() {}

  static boolean run(Options o, PrintStream console) throws Exception {
    Path out = o.out != null ? o.out : Bench.defaultOut("remote");
    Path heapDir = o.heapDir != null ? o.heapDir : Dirs.emulatedNvmm();
    List<String> backends = o.backends != null ? o.backends : BACKENDS;
    List<Integer> threads = o.threadsGiven ? o.threads : THREADS;
    o.threads = threads; // what the reports state
    List<String> workloads = o.workloads.stream().filter(w -> !w.equals("e")).toList();
    ServerArtifacts artifacts = ServerArtifacts.fromSystemProperties();
    UnitMain.quietLogs();
    Thread stopOnExit = new Thread(Remote::stopRunning, "remote-bench-stop");
    Runtime.getRuntime().addShutdownHook(stopOnExit);
    console.println(
        "[remote] "
            + o.records
            + " records, workloads "
            + String.join(",", workloads).toUpperCase()
            + ", backends "
            + backends
            + ", nodes "
            + o.nodes
            + ", client threads "
            + threads
            + "; results: "
            + out);
    boolean ok = true;
    Map<Integer, List<ResultsFile.Row>> byNodes = new LinkedHashMap<>();
    for (int nodes : o.nodes) {
      Path dir = out.resolve("nodes-" + nodes);
      Files.createDirectories(dir.resolve("logs"));
      // the children append: figures of an earlier run into this --out must not mix in
      Files.deleteIfExists(dir.resolve("results.tsv"));
      Files.deleteIfExists(CostsFile.beside(dir.resolve("results.tsv")));
      List<Unit> units = new ArrayList<>();
      Map<Unit, String> failures = new LinkedHashMap<>();
      for (String b : backends) {
        ok &=
            runBackend(
                o, b, nodes, threads, workloads, heapDir, dir, artifacts, units, failures, console);
      }
      Path tsv = dir.resolve("results.tsv");
      List<ResultsFile.Row> rows = ResultsFile.read(tsv);
      byNodes.put(nodes, rows);
      RunInfo info = RunInfo.capture(o, heapDir, units);
      String report =
          new Report(info, rows, CostsFile.read(CostsFile.beside(tsv)), List.of(), failures)
              .markdown();
      Files.writeString(dir.resolve("report.md"), header(nodes) + report);
      if (!rows.isEmpty()) Chart.write(rows, info, dir.resolve("chart.png"));
    }
    Runtime.getRuntime().removeShutdownHook(stopOnExit);
    String summary = RemoteReport.markdown(byNodes, backends, threads, workloads, o.records);
    Files.writeString(out.resolve("remote.md"), summary);
    console.println();
    console.println(summary);
    console.println(
        "[remote] wrote " + out.resolve("remote.md") + " and nodes-N/report.md, chart.png");
    return ok;
  }

  private static String header(int nodes) {
    return "# Over Hot Rod: "
        + nodes
        + " Infinispan Server node(s), distributed cache, 2 owners\n\n"
        + "Each row is a backend of the servers' cache, reached over Hot Rod from a client JVM;"
        + " the costs table is the client's. The J-NVM store and volatile keep every entry in"
        + " memory (a small proxy each for the J-NVM store), the file store a tenth.\n\n";
  }

  /** One cluster of {@code backend}: started, a client child per thread count, stopped. */
  private static boolean runBackend(
      Options o,
      String backend,
      int nodes,
      List<Integer> threads,
      List<String> workloads,
      Path heapDir,
      Path dir,
      ServerArtifacts artifacts,
      List<Unit> units,
      Map<Unit, String> failures,
      PrintStream console)
      throws IOException, InterruptedException {
    String tag = "remote-" + ProcessHandle.current().pid() + "-" + backend + "-" + nodes;
    Path scratch = heapDir.resolve("jnvm-" + tag);
    ClusterSpec spec = spec(tag, scratch, backend, o.records, nodes);
    boolean ok = true;
    try (ServerCluster cluster = ServerCluster.layOut(spec, artifacts)) {
      running = cluster;
      cluster.startAll();
      for (int t : threads) {
        Unit u =
            new Unit(
                backend,
                t,
                workloads,
                false,
                o.records,
                o.ops,
                o.seconds,
                o.warmUpSeconds,
                scratch.resolve("client"),
                dir.resolve("results.tsv"));
        units.add(u);
        clear(spec);
        String failure = runClient(u, dir, spec, nodes, console);
        if (failure != null) {
          failures.put(u, failure);
          ok = false;
        }
      }
    } catch (RuntimeException e) {
      throw new IOException(backend + " on " + nodes + " node(s): " + e.getMessage(), e);
    } finally {
      running = null;
      Dirs.deleteTree(scratch);
    }
    return ok;
  }

  /**
   * A loopback cluster of {@code nodes} on {@code backend} sized for {@code records}, its servers
   * and heaps under {@code scratch}.
   */
  static ClusterSpec spec(String tag, Path scratch, String backend, long records, int nodes)
      throws IOException {
    int[] ports = LoopbackPorts.twoRanges(nodes);
    return ClusterSpec.loopback(
            scratch.resolve("servers"), scratch.resolve("heaps"), tag, nodes, ports[0], ports[1])
        .withBackend(StoreBackend.parse(backend))
        .withHeapSize(heapMb(records) + "m")
        .withXmxMb((int) serverXmxMb(records, nodes))
        .withMemoryMaxCount(memoryBound(backend, records));
  }

  /** The cluster of the backend being measured: stopped by the shutdown hook on Ctrl-C. */
  private static volatile ServerCluster running;

  private static void stopRunning() {
    ServerCluster c = running;
    if (c == null) return;
    try {
      c.close();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static String runClient(
      Unit u, Path dir, ClusterSpec spec, int nodes, PrintStream console)
      throws IOException, InterruptedException {
    String name = u.tag() + "-n" + nodes;
    Path spec0 = dir.resolve("logs").resolve(name + ".properties");
    u.write(spec0);
    List<String> flags =
        List.of("-D" + HotRodDB.SERVERS_SYSTEM_PROPERTY + "=" + spec.hotrodServers());
    List<String> cmd = Children.command(1024, flags, UnitMain.class, spec0);
    return Children.run(
        cmd,
        dir.resolve("logs").resolve(name + ".log"),
        new Progress(console, nodes + " node(s) " + u.tag()),
        u.dir());
  }

  /** Empties the cache between client runs: every run loads into an empty cache. */
  private static void clear(ClusterSpec spec) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.addServers(spec.hotrodServers());
    try (RemoteCacheManager r = new RemoteCacheManager(b.build())) {
      r.getCache(spec.cache()).clear();
    }
  }

  /**
   * The file store keeps a tenth of the records in memory, as in the embedded comparison (a file
   * store is for data that does not fit); the J-NVM store keeps every entry (its proxies are small:
   * infinispan-store/README.md's recommended configuration); volatile keeps everything by nature.
   */
  static long memoryBound(String backend, long records) {
    return backend.equals("sifs") ? Math.max(1, records / 10) : 0;
  }

  /**
   * A node's J-NVM heap: room for every record twice over (2 owners) and some, at least 256 MiB.
   */
  static long heapMb(long records) {
    return Math.max(256, records * 6 / 1024);
  }

  /** A node's Java heap: volatile entries (about 3 KB each with 2 owners) plus 512 MiB. */
  static long serverXmxMb(long records, int nodes) {
    long wanted = records * 3 * 2 / nodes / 1024 + 512;
    return Math.max(1024, Math.min(wanted, Children.physicalMb() * 2 / 5 / nodes));
  }
}
