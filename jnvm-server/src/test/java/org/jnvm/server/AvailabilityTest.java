package org.jnvm.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.configuration.ClientIntelligence;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;
import org.infinispan.client.hotrod.exceptions.HotRodClientException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A 3-node cluster (2 owners) that loses 2 nodes at once: the survivor answers every key it owns
 * with its value and every other key with an availability error, never with null, and refuses every
 * write (not all owners of any key are up); its health says DEGRADED; once both are back every key
 * is served again. Then the operator's commands on one node: a second start of a running node is
 * refused before its JVM starts, {@code --stop I} stops one node, {@code --status} tells which run.
 * Last, a restart without that node: a filler owner's misses are errors, not nulls.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class AvailabilityTest {
  private static final int KEYS = 2000;

  private ClusterSpec spec;
  private ServerCluster cluster;
  private final Map<String, String> acked = new TreeMap<>();

  @BeforeAll
  void start() throws Exception {
    spec = TestClusters.spec("avail", 3);
    cluster = TestClusters.layOut(spec);
    cluster.startAll();
    try (RemoteCacheManager client = TestClusters.client(spec)) {
      RemoteCache<String, byte[]> c = client.getCache(spec.cache());
      for (int i = 0; i < KEYS; i++) {
        String v = "v-" + i;
        c.put("k-" + i, v.getBytes(StandardCharsets.UTF_8));
        acked.put("k-" + i, v);
      }
    }
  }

  @AfterAll
  void stop() throws Exception {
    try {
      if (cluster != null) cluster.close();
    } finally {
      TestClusters.delete(spec);
    }
  }

  @Test
  @Order(1)
  void twoOfThreeDownIsAnErrorForTheirSegmentsNeverANull() throws Exception {
    cluster.node(1).kill();
    cluster.node(2).kill();
    awaitHealth(0, "DEGRADED");
    int served = 0;
    int refused = 0;
    String firstError = null;
    try (RemoteCacheManager one = pinned(0)) {
      RemoteCache<String, byte[]> c = one.getCache(spec.cache());
      for (Map.Entry<String, String> e : acked.entrySet()) {
        try {
          byte[] got = c.get(e.getKey());
          assertArrayEquals(
              e.getValue().getBytes(StandardCharsets.UTF_8),
              got,
              "the survivor answers " + e.getKey() + " with a value or an error, not another one");
          served++;
        } catch (HotRodClientException x) {
          refused++;
          if (firstError == null) firstError = x.getMessage();
        }
      }
      String lost = firstRefusedKey(c);
      assertThrows(
          HotRodClientException.class,
          () -> c.put(lost, "w".getBytes(StandardCharsets.UTF_8)),
          "a write to a key with no owner up fails");
    }
    System.out.printf(
        "[AvailabilityTest] 2 of 3 down: %d keys served, %d refused (%s)%n",
        served, refused, firstError);
    assertTrue(refused > 0, "some keys had both owners down: " + served + " served");
    assertTrue(served > 0, "keys the survivor owns are still read: " + refused + " refused");
    assertTrue(firstError.contains("not available"), firstError);
  }

  @Test
  @Order(2)
  void bothBackServeEveryKeyAgain() throws Exception {
    cluster.node(1).start(ServerCluster.START_TIMEOUT_MS);
    cluster.node(2).start(ServerCluster.START_TIMEOUT_MS);
    awaitHealth(0, "HEALTHY");
    for (int n = 0; n < 3; n++) {
      try (RemoteCacheManager one = pinned(n)) {
        RemoteCache<String, byte[]> c = one.getCache(spec.cache());
        for (Map.Entry<String, String> e : acked.entrySet()) {
          assertArrayEquals(
              e.getValue().getBytes(StandardCharsets.UTF_8),
              c.get(e.getKey()),
              "node " + n + ": " + e.getKey());
        }
      }
    }
  }

  @Test
  @Order(3)
  void aSecondStartOfARunningNodeIsRefusedBeforeItsJvmStarts() throws Exception {
    ServerCluster second =
        ServerCluster.layOut(spec, ServerArtifacts.fromSystemProperties(), List.of(0));
    ServerStartException e =
        assertThrows(
            ServerStartException.class, () -> second.node(0).start(ServerCluster.START_TIMEOUT_MS));
    assertTrue(e.getMessage().contains("running already"), e.getMessage());
    assertFalse(second.node(0).running(), "no second JVM");
    assertTrue(health(0).contains("\"number_of_nodes\":3"), health(0));
    String status = NodeStatus.report(spec);
    assertEquals(3, status.lines().filter(l -> l.contains(": running, pid ")).count(), status);
  }

  @Test
  @Order(4)
  void stopTakesOneNodeDownAndStatusSaysSo() throws Exception {
    assertEquals(0, ServerCommand.stopNodes(spec, List.of(2)));
    assertFalse(cluster.node(2).running(), "node 2's JVM exited on SIGTERM");
    String status = NodeStatus.report(spec);
    assertTrue(status.lines().anyMatch(l -> l.startsWith("2 ") && l.contains(": stopped")), status);
    awaitHealth(0, "HEALTHY");
    try (RemoteCacheManager one = pinned(0)) {
      RemoteCache<String, byte[]> c = one.getCache(spec.cache());
      for (Map.Entry<String, String> e : acked.entrySet()) {
        assertArrayEquals(e.getValue().getBytes(StandardCharsets.UTF_8), c.get(e.getKey()));
      }
    }
  }

  /**
   * Node 2 back, then every node killed at once (the ledgers set as a simultaneous death leaves
   * them); node 2's heap untrusted (it was receiving segments, as a node that died while it
   * rejoined) and left down; nodes 0 and 1 restarted, 0 first: node 0 owns, from the start and with
   * no state transfer, the segments of nodes 1 and 2 as a filler, without their entries. A key it
   * does not find there is an error, not null; every other key is served, and node 1, which
   * received what it gained, serves every key.
   */
  @Test
  @Order(5)
  void aFillerOwnerThatHeldNothingAnswersAMissWithAnErrorNotNull() throws Exception {
    cluster.node(2).start(ServerCluster.START_TIMEOUT_MS);
    TestClusters.await(
        () -> {
          try {
            String h = health(0);
            return h.contains("\"number_of_nodes\":3") && !h.contains("REBALANCING");
          } catch (Exception e) {
            return false;
          }
        },
        "node 2 back and the cluster balanced");
    awaitHealth(0, "HEALTHY");
    // and every ledger has recorded it (the stores' half-second tick clears their marks and
    // "receiving"): killed before, a node still receiving counts as stale in every segment
    TestClusters.await(() -> RestartPlan.of(spec).untrusted().isEmpty(), "the ledgers clear");
    cluster.killAll();
    // "at once": the kills are sequential, and the survivors of each kill may have marked the
    // killed nodes stale (node 2's holds then went with its ledger below, and the restart would
    // rightly be refused); the ledgers are set to what a simultaneous death while node 2 was
    // rejoining leaves: nodes 0 and 1 clean, node 2 receiving
    for (int n = 0; n < 3; n++) {
      Path heap = spec.nodes().get(n).heap(spec.heapDir());
      Path ledger = heap.resolveSibling(heap.getFileName() + ".ledger");
      if (n < 2) Files.deleteIfExists(ledger);
      else Files.writeString(ledger, "receiving=true\n");
    }
    cluster.node(0).start(ServerCluster.START_TIMEOUT_MS);
    cluster.node(1).start(ServerCluster.START_TIMEOUT_MS);
    awaitHealth(0, "HEALTHY");
    // node 0, up first, owned every segment from nobody; node 1 joined it and received what it
    // gained: only node 0 has segments it cannot answer a miss in
    for (int n = 0; n < 2; n++) {
      int served = 0;
      int refused = 0;
      try (RemoteCacheManager one = pinned(n)) {
        RemoteCache<String, byte[]> c = one.getCache(spec.cache());
        for (Map.Entry<String, String> e : acked.entrySet()) {
          byte[] got;
          try {
            got = c.get(e.getKey());
          } catch (HotRodClientException x) {
            assertTrue(x.getMessage().contains("ring owners are away"), x.getMessage());
            refused++;
            continue;
          }
          assertArrayEquals(
              e.getValue().getBytes(StandardCharsets.UTF_8), got, "node " + n + ": " + e.getKey());
          served++;
        }
      }
      String counts = "node " + n + ": " + served + " served, " + refused + " refused";
      assertTrue(n == 0 ? refused > 0 && served > 0 : refused == 0, counts);
    }
  }

  private String firstRefusedKey(RemoteCache<String, byte[]> c) {
    for (String k : acked.keySet()) {
      try {
        c.get(k);
      } catch (HotRodClientException e) {
        return k;
      }
    }
    throw new AssertionError("no key refused");
  }

  private RemoteCacheManager pinned(int n) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.addServers(spec.nodes().get(n).hotrodEndpoint())
        .clientIntelligence(ClientIntelligence.BASIC)
        .socketTimeout(10_000)
        .maxRetries(0);
    return new RemoteCacheManager(b.build());
  }

  private String health(int n) throws Exception {
    return TestClusters.health(spec, n);
  }

  private void awaitHealth(int n, String status) throws Exception {
    TestClusters.awaitHealth(spec, n, status);
  }
}
