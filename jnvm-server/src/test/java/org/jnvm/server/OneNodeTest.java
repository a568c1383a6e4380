package org.jnvm.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.Map;
import org.infinispan.client.hotrod.RemoteCache;
import org.infinispan.client.hotrod.RemoteCacheManager;
import org.infinispan.commons.util.CloseableIterator;
import org.junit.jupiter.api.Test;

/** One Infinispan Server with the drop-in store, through a Hot Rod client. */
class OneNodeTest {
  @Test
  void putsGetsRemovesAndIteratesThroughHotRod() throws Exception {
    ClusterSpec spec = TestClusters.spec("one", 1);
    try (ServerCluster cluster = TestClusters.layOut(spec)) {
      cluster.startAll();
      String console = Files.readString(cluster.node(0).consoleLog());
      assertTrue(console.contains("[jnvm] gateway backend: intrinsics"), console);
      try (RemoteCacheManager rcm = TestClusters.client(spec)) {
        RemoteCache<String, byte[]> c = rcm.getCache(spec.cache());
        Map<String, byte[]> expected = new HashMap<>();
        for (int i = 0; i < 500; i++) {
          byte[] v = ("value-" + i).repeat(1 + i % 7).getBytes(StandardCharsets.UTF_8);
          c.put("key-" + i, v);
          expected.put("key-" + i, v);
        }
        for (int i = 0; i < 500; i += 5) {
          c.remove("key-" + i);
          expected.remove("key-" + i);
        }
        assertNull(c.get("key-0"));
        assertArrayEquals(expected.get("key-1"), c.get("key-1"));
        assertEquals(expected.size(), c.size());
        Map<Object, Object> seen = new HashMap<>();
        try (CloseableIterator<Map.Entry<Object, Object>> it = c.retrieveEntries(null, 64)) {
          it.forEachRemaining(e -> seen.put(e.getKey(), e.getValue()));
        }
        assertEquals(expected.keySet(), seen.keySet());
        for (Map.Entry<String, byte[]> e : expected.entrySet()) {
          assertArrayEquals(e.getValue(), (byte[]) seen.get(e.getKey()), e.getKey());
        }
      }
      assertTrue(Files.size(cluster.node(0).heap()) > 0, "the node's heap exists");
    } finally {
      TestClusters.delete(spec);
    }
  }
}
