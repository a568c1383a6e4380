package org.jnvm.server;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A misconfigured node fails its start with the reason in its server log (and in the launcher's
 * exception), instead of serving without its heap.
 */
class MisconfigurationTest {
  @Test
  void nodeWithoutTheGatewayFlagsFailsToStart() throws Exception {
    ClusterSpec spec = TestClusters.spec("noflags", 1);
    try (ServerCluster cluster = TestClusters.layOut(spec)) {
      ServerNode n = cluster.node(0);
      ServerStartException e =
          assertThrows(
              ServerStartException.class, () -> n.start(List.of(), ServerCluster.START_TIMEOUT_MS));
      assertTrue(e.errors().contains("gateway backend intrinsics was requested"), e.getMessage());
      assertTrue(n.logSinceStart().contains("gateway backend intrinsics"), "said in the log");
      assertFalse(n.running());
    } finally {
      TestClusters.delete(spec);
    }
  }

  @Test
  void heapLockedByAnotherNodeFailsTheSecondStart() throws Exception {
    ClusterSpec first = TestClusters.spec("lock", 1);
    ClusterSpec other = TestClusters.spec("lock", 1);
    // same heap directory and node name: the second node is configured onto the first's heap
    ClusterSpec second =
        ClusterSpec.loopback(
                other.dir(),
                first.heapDir(),
                first.name(),
                1,
                other.nodes().get(0).hotrodPort(),
                other.nodes().get(0).jgroupsPort())
            .withHeapSize("64m")
            .withXmxMb(384);
    try (ServerCluster a = TestClusters.layOut(first);
        ServerCluster b = TestClusters.layOut(second)) {
      a.startAll();
      ServerStartException e = assertThrows(ServerStartException.class, b::startAll);
      Path heap = a.node(0).heap();
      assertTrue(e.errors().contains(heap.toString()), "names the heap: " + e.getMessage());
      assertTrue(e.errors().toLowerCase().contains("lock"), e.getMessage());
      assertTrue(a.node(0).running(), "the first node goes on");
    } finally {
      TestClusters.delete(first);
      TestClusters.delete(other);
    }
  }

  @Test
  void badStoreXmlFailsTheStartNamingTheValue() throws Exception {
    ClusterSpec spec = TestClusters.spec("badxml", 1);
    try (ServerCluster cluster = TestClusters.layOut(spec)) {
      Path conf = cluster.node(0).root().resolve("conf").resolve("infinispan.xml");
      Files.writeString(conf, Files.readString(conf).replace("size=\"64m\"", "size=\"lots\""));
      ServerStartException e = assertThrows(ServerStartException.class, cluster::startAll);
      assertTrue(e.errors().contains("lots"), e.getMessage());
      assertFalse(Files.exists(cluster.node(0).heap()), "no heap created from a bad configuration");
    } finally {
      TestClusters.delete(spec);
    }
  }
}
