package org.jnvm.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.UUID;
import java.util.function.BooleanSupplier;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;

/**
 * Clusters for the tests: a unique directory under target/, heaps in a unique /dev/shm directory,
 * free loopback ports ({@link LoopbackPorts}); {@link #delete} removes both.
 */
final class TestClusters {
  private TestClusters() {}

  static ClusterSpec spec(String tag, int nodes) throws IOException {
    String id = tag + "-" + UUID.randomUUID().toString().substring(0, 8);
    Path dir = Files.createDirectories(Path.of("target", "servers")).resolve(id).toAbsolutePath();
    Path heaps = Path.of("/dev/shm", "jnvm-server-test-" + id);
    int[] ports = LoopbackPorts.twoRanges(nodes);
    return ClusterSpec.loopback(dir, heaps, id, nodes, ports[0], ports[1])
        .withHeapSize("64m")
        .withXmxMb(384);
  }

  static ServerCluster layOut(ClusterSpec spec) throws IOException {
    return ServerCluster.layOut(spec, ServerArtifacts.fromSystemProperties());
  }

  /** A Hot Rod client of the whole cluster (topology-aware: it routes a key to its owner). */
  static RemoteCacheManager client(ClusterSpec spec) {
    return client(spec.hotrodServers());
  }

  static RemoteCacheManager client(String servers) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.addServers(servers).connectionTimeout(5_000).socketTimeout(10_000).maxRetries(10);
    return new RemoteCacheManager(b.build());
  }

  /** The container health node {@code n}'s REST endpoint reports (JSON, spaces removed). */
  static String health(ClusterSpec spec, int n) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    URI uri =
        URI.create("http://" + spec.nodes().get(n).hotrodEndpoint() + "/rest/v2/container/health");
    HttpResponse<String> r =
        http.send(
            HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).build(),
            HttpResponse.BodyHandlers.ofString());
    return r.body().replace(" ", "");
  }

  /** Waits until node {@code n} reports {@code status} for a cache, within 3 minutes. */
  static void awaitHealth(ClusterSpec spec, int n, String status) throws Exception {
    String want = "\"status\":\"" + status + "\"";
    await(
        () -> {
          try {
            return health(spec, n).contains(want);
          } catch (Exception e) {
            return false;
          }
        },
        "node " + n + " health " + status);
  }

  /** Waits for {@code done} with a generous bound (a loaded 2-core machine is slow, not wrong). */
  static void await(BooleanSupplier done, String what) throws InterruptedException {
    long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
    while (!done.getAsBoolean()) {
      if (System.nanoTime() > deadline) throw new AssertionError("not within 3 minutes: " + what);
      Thread.sleep(200);
    }
  }

  static void delete(ClusterSpec spec) throws IOException {
    Trees.delete(spec.heapDir());
    Trees.delete(spec.dir());
  }
}
