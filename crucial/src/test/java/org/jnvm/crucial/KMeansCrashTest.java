package org.jnvm.crucial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.jnvm.crucial.apps.CrucialMain;
import org.jnvm.crucial.apps.KMeans;
import org.jnvm.crucial.apps.KMeansData;
import org.jnvm.crucial.backend.ThreadBackend;
import org.jnvm.crucial.cluster.NodeCluster;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * k-means crash and resume: a driver with three worker JVMs runs k-means on a forked DSO node;
 * mid-run, every process (workers, driver, node) is SIGKILLed. The node restarts from its store,
 * the driver is started again with the same run name: it resumes from the persisted iteration and
 * ends with exactly the centroids of an uninterrupted run.
 */
class KMeansCrashTest {
  private static final List<String> ARGS =
      List.of("--seed", "42", "--k", "5", "--dims", "2", "--points", "20000");

  @Test
  void killEverythingMidRunThenResumeToTheSameResult() throws Exception {
    try (NodeCluster cluster =
        new NodeCluster("kmcrash", 1, 1, List.of(), Path.of("target", "crucial-logs"))) {
      cluster.startAll();
      String servers = cluster.endpoints();
      Process driver = startDriver(servers);
      long killedAt;
      try (DsoClient dso = client(servers)) {
        AtomicLong iteration = dso.atomicLong("crash/iteration", true, 0);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(150);
        while (iteration.get() < 3 && driver.isAlive() && System.nanoTime() < deadline) {
          Thread.sleep(20);
        }
        killedAt = iteration.get();
        assertTrue(driver.isAlive(), "the driver ended before the kill");
        killAll(driver);
        cluster.killAll();
      }
      assertTrue(killedAt >= 3, "k-means did not get under way: iteration " + killedAt);
      cluster.nodes().get(0).launch();
      cluster.nodes().get(0).awaitReady(180);
      Map<String, String> resumed = finish(startDriver(servers));
      KMeans.Result clean = uninterrupted(servers);
      System.out.println(
          "killed at iteration "
              + killedAt
              + "; resumed run: "
              + resumed
              + "; clean: "
              + clean.iterations()
              + " iterations");
      assertTrue(
          Long.parseLong(resumed.get("kmeans-started")) >= killedAt,
          "the restarted run began at " + resumed.get("kmeans-started") + ", not from the state");
      assertTrue(
          clean.iterations() > killedAt + 1, "converged too early to test: " + clean.iterations());
      assertEquals(Long.toString(clean.iterations()), resumed.get("kmeans-iterations"));
      assertEquals(clean.exact(), resumed.get("kmeans-centroids"));
    }
  }

  private static DsoClient client(String servers) {
    return DsoClient.builder().servers(servers).callTimeout(Duration.ofSeconds(60)).connect();
  }

  private static Process startDriver(String servers) throws Exception {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xmx256m", "-cp", System.getProperty("java.class.path")));
    cmd.addAll(List.of(CrucialMain.class.getName(), "kmeans", "--servers", servers));
    cmd.addAll(List.of("--backend", "processes", "--workers", "3", "--run", "crash"));
    cmd.addAll(List.of("--pause-ms", "150", "--max-iterations", "60"));
    cmd.addAll(ARGS);
    return new ProcessBuilder(cmd).redirectError(ProcessBuilder.Redirect.INHERIT).start();
  }

  /** SIGKILLs the driver's workers, then the driver. */
  private static void killAll(Process driver) throws InterruptedException {
    List<ProcessHandle> children = driver.descendants().toList();
    children.forEach(ProcessHandle::destroyForcibly);
    driver.destroyForcibly();
    driver.waitFor(30, TimeUnit.SECONDS);
    for (ProcessHandle c : children) {
      c.onExit().orTimeout(30, TimeUnit.SECONDS).exceptionally(e -> c).join();
    }
  }

  /** Waits for the driver; returns its "key value" output lines. */
  private static Map<String, String> finish(Process driver) throws Exception {
    try {
      String out = new String(driver.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertTrue(driver.waitFor(180, TimeUnit.SECONDS));
      assertEquals(0, driver.exitValue(), out);
      Map<String, String> m = new HashMap<>();
      out.lines()
          .filter(l -> l.startsWith("kmeans-"))
          .forEach(l -> m.put(l.substring(0, l.indexOf(' ')), l.substring(l.indexOf(' ') + 1)));
      return m;
    } finally {
      killAll(driver);
    }
  }

  /** The same k-means, never interrupted, on threads of this JVM under another run name. */
  private static KMeans.Result uninterrupted(String servers) throws Exception {
    try (DsoClient dso = client(servers)) {
      DsoClient.setDefault(dso);
      ServerlessExecutorService se = new ServerlessExecutorService(new ThreadBackend(3));
      try {
        return KMeans.run(dso, se, "clean", new KMeansData(42, 5, 2, 20000), 3, 60, 0);
      } finally {
        se.shutdown();
        DsoClient.setDefault(null);
      }
    }
  }
}
