package org.jnvm.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;
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

  static void delete(ClusterSpec spec) throws IOException {
    Trees.delete(spec.heapDir());
    Trees.delete(spec.dir());
  }
}
