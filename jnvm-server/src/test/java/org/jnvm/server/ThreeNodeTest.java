package org.jnvm.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.client.hotrod.configuration.ClientIntelligence;
import org.infinispan.client.hotrod.configuration.ConfigurationBuilder;
import org.infinispan.commons.util.CloseableIterator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

/**
 * A 3-node Infinispan Server cluster (distributed cache, 2 owners, a J-NVM heap per node) through
 * Hot Rod, one cluster for the whole class, in order: serving, one node SIGKILLed mid-load, that
 * node restarted alone, then every node SIGKILLed and the cluster restarted. Every acknowledged
 * write must be served with its value after each step.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
class ThreeNodeTest {
  private ClusterSpec spec;
  private ServerCluster cluster;
  private RemoteCacheManager client;

  /** Every write a client saw acknowledged: key to value (null: removed). */
  private final Map<String, String> acked = new ConcurrentHashMap<>();

  @BeforeAll
  void start() throws Exception {
    spec = TestClusters.spec("three", 3);
    cluster = TestClusters.layOut(spec);
    cluster.startAll();
    client = TestClusters.client(spec);
  }

  @AfterAll
  void stop() throws Exception {
    try {
      if (client != null) client.close();
      if (cluster != null) cluster.close();
    } finally {
      TestClusters.delete(spec);
    }
  }

  @Test
  @Order(1)
  void everyNodeServesTheWholeCache() throws Exception {
    RemoteCache<String, byte[]> c = client.getCache(spec.cache());
    for (int i = 0; i < 1500; i++) {
      put(c, "a-" + i, "first-" + i);
    }
    for (int i = 0; i < 1500; i += 10) {
      c.remove("a-" + i);
      acked.put("a-" + i, "");
    }
    assertEquals(1500 - 150, c.size());
    Set<Object> keys = new HashSet<>();
    try (CloseableIterator<Map.Entry<Object, Object>> it = c.retrieveEntries(null, 100)) {
      it.forEachRemaining(e -> keys.add(e.getKey()));
    }
    assertEquals(1500 - 150, keys.size());
    for (int n = 0; n < 3; n++) {
      assertServedBy(n);
    }
  }

  @Test
  @Order(2)
  void oneNodeKilledMidLoadLosesNoAcknowledgedWrite() throws Exception {
    RemoteCache<String, byte[]> c = client.getCache(spec.cache());
    AtomicInteger done = new AtomicInteger();
    AtomicInteger failed = new AtomicInteger();
    Thread writer =
        new Thread(
            () -> {
              for (int i = 0; i < 3000; i++) {
                try {
                  put(c, "b-" + i, "during-kill-" + i);
                  done.incrementAndGet();
                } catch (RuntimeException e) {
                  failed.incrementAndGet(); // not acknowledged: may or may not be there
                }
              }
            });
    writer.start();
    while (done.get() < 1000 && writer.isAlive()) Thread.sleep(1);
    cluster.node(1).kill();
    writer.join();
    assertTrue(done.get() > 2000, "writes went on after the kill: " + done + " ok, " + failed);
    System.out.printf(
        "[ThreeNodeTest] node 1 SIGKILLed after 1000 writes: %d acknowledged, %d failed%n",
        done.get(), failed.get());
    // while node 1 is down: updates and removes of keys its heap holds (stale there from now on)
    for (int i = 1; i < 1500; i += 7) {
      if (i % 13 == 0) {
        c.remove("a-" + i);
        acked.put("a-" + i, "");
      } else {
        put(c, "a-" + i, "second-" + i);
      }
    }
    assertAllAcked(c);
    assertServedBy(0);
    assertServedBy(2);
  }

  @Test
  @Order(3)
  void killedNodeRestartedAloneRejoinsAndServes() throws Exception {
    ServerNode n1 = cluster.node(1);
    n1.start(ServerCluster.START_TIMEOUT_MS);
    assertTrue(
        n1.logSinceStart().matches("(?s).*ISPN000094: Received new cluster view.*\\(3\\).*"),
        "rejoined a 3-node view");
    RemoteCache<String, byte[]> c = client.getCache(spec.cache());
    for (int i = 0; i < 200; i++) {
      put(c, "c-" + i, "after-rejoin-" + i);
    }
    assertServedBy(1);
    assertAllAcked(c);
  }

  @Test
  @Order(4)
  void wholeClusterKilledAndRestartedServesEveryAcknowledgedWrite() throws Exception {
    client.close();
    cluster.killAll();
    // restarted in the reverse order: owners chosen by name make the order irrelevant
    for (int n = 2; n >= 0; n--) {
      cluster.node(n).start(ServerCluster.START_TIMEOUT_MS);
    }
    client = TestClusters.client(spec);
    assertAllAcked(client.getCache(spec.cache()));
    for (int n = 0; n < 3; n++) {
      assertServedBy(n);
    }
  }

  private void put(RemoteCache<String, byte[]> c, String k, String v) {
    c.put(k, v.getBytes(StandardCharsets.UTF_8));
    acked.put(k, v);
  }

  private void assertAllAcked(RemoteCache<String, byte[]> c) {
    int missing = 0;
    String first = null;
    for (Map.Entry<String, String> e : acked.entrySet()) {
      byte[] got = c.get(e.getKey());
      String want = e.getValue();
      boolean ok =
          want.isEmpty()
              ? got == null
              : got != null && want.equals(new String(got, StandardCharsets.UTF_8));
      if (!ok) {
        missing++;
        if (first == null) first = e.getKey() + " want '" + want + "' got " + str(got);
      }
    }
    assertEquals(
        0, missing, missing + " of " + acked.size() + " acknowledged writes lost; " + first);
    System.out.printf("[ThreeNodeTest] all %d acknowledged writes served%n", acked.size());
  }

  /** Every acknowledged write read through a client that talks to node {@code n} only. */
  private void assertServedBy(int n) {
    ConfigurationBuilder b = new ConfigurationBuilder();
    b.addServers(spec.nodes().get(n).hotrodEndpoint())
        .clientIntelligence(ClientIntelligence.BASIC)
        .socketTimeout(10_000);
    try (RemoteCacheManager one = new RemoteCacheManager(b.build())) {
      RemoteCache<String, byte[]> c = one.getCache(spec.cache());
      for (Map.Entry<String, String> e : acked.entrySet()) {
        byte[] got = c.get(e.getKey());
        if (e.getValue().isEmpty()) {
          assertNull(got, "node " + n + " serves removed " + e.getKey());
        } else {
          assertArrayEquals(
              e.getValue().getBytes(StandardCharsets.UTF_8), got, "node " + n + ": " + e.getKey());
        }
      }
    }
  }

  private static String str(byte[] b) {
    return b == null ? "null" : "'" + new String(b, StandardCharsets.UTF_8) + "'";
  }
}
