package org.jnvm.ycsb.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.configuration.ClientIntelligence;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;
import org.jnvm.server.ClusterSpec;
import org.jnvm.server.ServerArtifacts;
import org.jnvm.server.ServerCluster;
import org.jnvm.ycsb.Dirs;

/**
 * {@code bin/jnvm bench --rejoin}: a server node's rejoin after a crash (issue #50 item 3). Per
 * size and backend: a 3-node {@code bin/jnvm server} cluster (distributed, 2 owners) loaded over
 * Hot Rod with that many 100-byte entries; a writer thread puts new keys all along; node 2 is
 * SIGKILLed, the survivors take writes for {@value #DOWN_SECONDS} s, then node 2 is started again
 * with the launcher's own start. Measured: start to serving (its JVM, Infinispan, the store's open
 * and the cluster join: the launcher's start returns at Infinispan's "started" line), start to
 * balanced (the REST health of node 0 shows 3 nodes, not rebalancing: state transfer done), and
 * every acknowledged write read back afterwards (lost: absent or another value). {@code rejoin.md}
 * under {@code results/rejoin-<timestamp>/}.
 */
final class Rejoin {
  static final List<String> BACKENDS = List.of("jpdt", "sifs", "volatile");
  static final List<Long> SIZES = List.of(100_000L);
  static final int DOWN_SECONDS = 3;
  static final int VALUE_BYTES = 100;
  static final int NODES = 3;
  static final int VICTIM = 2;

  private Rejoin() {}

  /** One rejoin's figures. */
  record Row(
      String backend,
      long entries,
      double loadSeconds,
      double serveSeconds,
      double balanceSeconds,
      long acked,
      long lost,
      String failure) {

    /** A case that did not complete: its first line of {@code why}. */
    static Row failed(String backend, long entries, Exception why) {
      String first = String.valueOf(why.getMessage()).lines().findFirst().orElse("?");
      return new Row(backend, entries, 0, 0, 0, 0, 0, first);
    }
  }

  static boolean run(Options o, PrintStream console) throws Exception {
    Path out = o.out != null ? o.out : Bench.defaultOut("rejoin");
    Files.createDirectories(out);
    Path heapDir = o.heapDir != null ? o.heapDir : Dirs.emulatedNvmm();
    List<String> backends = o.backends != null ? o.backends : BACKENDS;
    List<Long> sizes = o.restartSizes != null ? o.restartSizes : SIZES;
    ServerArtifacts artifacts = ServerArtifacts.fromSystemProperties();
    UnitMain.quietLogs();
    console.println(
        "[rejoin] sizes " + sizes + ", backends " + backends + ", 3 nodes; results: " + out);
    List<Row> rows = new ArrayList<>();
    boolean ok = true;
    for (long n : sizes) {
      for (String b : backends) {
        Row r = one(b, n, heapDir, artifacts, console);
        rows.add(r);
        console.println("[rejoin] " + line(r));
        ok &= r.failure() == null && r.lost() == 0;
      }
    }
    String report = markdown(rows, RunInfo.firstLine("/proc/loadavg"));
    Files.writeString(out.resolve("rejoin.md"), report);
    console.println();
    console.println(report);
    console.println("[rejoin] wrote " + out.resolve("rejoin.md"));
    return ok;
  }

  private static Row one(
      String backend, long entries, Path heapDir, ServerArtifacts artifacts, PrintStream console)
      throws IOException, InterruptedException {
    String tag = "rejoin-" + ProcessHandle.current().pid() + "-" + backend;
    Path scratch = heapDir.resolve("jnvm-" + tag);
    ClusterSpec spec = Remote.spec(tag, scratch, backend, entries, NODES);
    Writer writer = null;
    try (ServerCluster cluster = ServerCluster.layOut(spec, artifacts)) {
      cluster.startAll();
      long t0 = System.nanoTime();
      load(spec, entries);
      double load = seconds(t0);
      console.println("[rejoin] " + backend + " " + entries + ": loaded in " + fmt(load) + " s");
      writer = new Writer(spec);
      writer.start();
      Thread.sleep(1000);
      cluster.node(VICTIM).kill();
      Thread.sleep(DOWN_SECONDS * 1000L);
      long t1 = System.nanoTime();
      cluster.node(VICTIM).start(ServerCluster.START_TIMEOUT_MS);
      double serve = seconds(t1);
      awaitBalanced(spec);
      double balance = seconds(t1);
      Thread.sleep(1000);
      writer.finish();
      long lost = lost(spec, writer.acked, entries);
      return new Row(backend, entries, load, serve, balance, writer.acked.size(), lost, null);
    } catch (RuntimeException | IOException e) {
      return Row.failed(backend, entries, e);
    } finally {
      if (writer != null) writer.finish();
      Dirs.deleteTree(scratch);
    }
  }

  /** {@code entries} 100-byte values under {@code k-0 .. k-(entries-1)}, in batches. */
  private static void load(ClusterSpec spec, long entries) {
    try (RemoteCacheManager m = new RemoteCacheManager(client(spec.hotrodServers()).build())) {
      RemoteCache<String, byte[]> c = m.getCache(spec.cache());
      Map<String, byte[]> batch = new HashMap<>();
      for (long i = 0; i < entries; i++) {
        batch.put("k-" + i, value("k-" + i));
        if (batch.size() == 1000 || i == entries - 1) {
          c.putAll(batch);
          batch.clear();
        }
      }
    }
  }

  /**
   * Puts new keys one after the other, through every node (the servers route), and keeps the ones
   * acknowledged. BASIC intelligence: the 15.2 client can hang on a topology that lists a killed
   * node (infinispan issue 18003).
   */
  private static final class Writer extends Thread {
    final Map<String, Boolean> acked = new ConcurrentHashMap<>();
    private final ClusterSpec spec;
    private volatile boolean stop;

    Writer(ClusterSpec spec) {
      super("rejoin-writer");
      this.spec = spec;
      setDaemon(true);
    }

    @Override
    public void run() {
      ConfigurationBuilder b = client(spec.hotrodServers());
      b.clientIntelligence(ClientIntelligence.BASIC).maxRetries(10);
      try (RemoteCacheManager m = new RemoteCacheManager(b.build())) {
        RemoteCache<String, byte[]> c = m.getCache(spec.cache());
        for (long i = 0; !stop; i++) {
          String k = "w-" + i;
          try {
            c.put(k, value(k));
            acked.put(k, Boolean.TRUE);
          } catch (RuntimeException e) {
            // not acknowledged: not counted
          }
        }
      }
    }

    void finish() throws InterruptedException {
      stop = true;
      join(TimeUnit.SECONDS.toMillis(60));
    }
  }

  /** Acknowledged writes and loaded entries that read back absent or with another value. */
  private static long lost(ClusterSpec spec, Map<String, Boolean> acked, long entries) {
    long lost = 0;
    try (RemoteCacheManager m = new RemoteCacheManager(client(spec.hotrodServers()).build())) {
      RemoteCache<String, byte[]> c = m.getCache(spec.cache());
      List<String> keys = new ArrayList<>(acked.keySet());
      for (long i = 0; i < entries; i++) keys.add("k-" + i);
      for (int from = 0; from < keys.size(); from += 1000) {
        List<String> part = keys.subList(from, Math.min(keys.size(), from + 1000));
        Map<String, byte[]> got = c.getAll(new HashSet<>(part));
        for (String k : part) if (!Arrays.equals(value(k), got.get(k))) lost++;
      }
    }
    return lost;
  }

  /** Waits until node 0's REST health shows every node, healthy and not rebalancing. */
  private static void awaitBalanced(ClusterSpec spec) throws InterruptedException, IOException {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    String node0 = spec.hotrodServers().split(";")[0];
    URI uri = URI.create("http://" + node0 + "/rest/v2/container/health");
    long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(30);
    while (System.nanoTime() < deadline) {
      try {
        String h =
            http.send(
                    HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString())
                .body()
                .replace(" ", "");
        if (h.contains("\"number_of_nodes\":" + NODES)
            && !h.contains("REBALANCING")
            && !h.contains("DEGRADED")) {
          return;
        }
      } catch (IOException e) {
        // not answering yet
      }
      Thread.sleep(50);
    }
    throw new IOException("the cluster did not balance within 30 minutes: " + uri);
  }

  private static ConfigurationBuilder client(String servers) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.addServers(servers).connectionTimeout(5_000).socketTimeout(30_000);
    return b;
  }

  /** The value of {@code key}: {@value #VALUE_BYTES} bytes that name it. */
  static byte[] value(String key) {
    byte[] v = new byte[VALUE_BYTES];
    byte[] k = key.getBytes(StandardCharsets.UTF_8);
    for (int i = 0; i < v.length; i++) v[i] = k[i % k.length];
    return v;
  }

  private static double seconds(long since) {
    return (System.nanoTime() - since) / 1e9;
  }

  static String fmt(double s) {
    return String.format("%.2f", s);
  }

  private static String line(Row r) {
    return r.failure() != null
        ? r.backend() + " " + r.entries() + ": FAILED " + r.failure()
        : r.backend()
            + " "
            + r.entries()
            + ": serving after "
            + fmt(r.serveSeconds())
            + " s, balanced after "
            + fmt(r.balanceSeconds())
            + " s, "
            + r.acked()
            + " writes acknowledged, "
            + r.lost()
            + " lost";
  }

  /** The report: a row per (size, backend), with each row's times against volatile's. */
  static String markdown(List<Row> rows, String load) {
    StringBuilder out = new StringBuilder("# A server node's rejoin after SIGKILL\n\n");
    out.append(
        "3 nodes of `bin/jnvm server` on loopback, distributed cache, 2 owners; node 2 SIGKILLed"
            + " under a writer, down "
            + DOWN_SECONDS
            + " s, started again by the launcher. *Serving*: from its start to Infinispan's"
            + " started line (JVM, server, the store's open, the join). *Balanced*: from its start"
            + " to node 0's health showing 3 nodes, not rebalancing. *Lost*: acknowledged writes"
            + " and loaded entries read back absent or wrong. Load average at the end: "
            + load
            + " (a shared machine: read the ratios).\n\n");
    out.append(
        "| entries | backend | load s | serving s | balanced s | serving / volatile | balanced /"
            + " volatile | writes acked | lost |\n");
    out.append("|---:|---|---:|---:|---:|---:|---:|---:|---:|\n");
    for (Row r : rows) {
      if (r.failure() != null) {
        out.append("| ").append(r.entries()).append(" | ").append(r.backend());
        out.append(" | failed: ").append(r.failure()).append(" |||||||\n");
        continue;
      }
      Row v = volatileOf(rows, r.entries());
      out.append("| ")
          .append(r.entries())
          .append(" | ")
          .append(r.backend())
          .append(" | ")
          .append(fmt(r.loadSeconds()))
          .append(" | ")
          .append(fmt(r.serveSeconds()))
          .append(" | ")
          .append(fmt(r.balanceSeconds()))
          .append(" | ")
          .append(v == null ? "-" : fmt(r.serveSeconds() / v.serveSeconds()))
          .append(" | ")
          .append(v == null ? "-" : fmt(r.balanceSeconds() / v.balanceSeconds()))
          .append(" | ")
          .append(r.acked())
          .append(" | ")
          .append(r.lost())
          .append(" |\n");
    }
    return out.toString();
  }

  private static Row volatileOf(List<Row> rows, long entries) {
    for (Row r : rows) {
      if (r.backend().equals("volatile") && r.entries() == entries && r.failure() == null) return r;
    }
    return null;
  }
}
