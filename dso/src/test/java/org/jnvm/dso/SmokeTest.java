package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.server.DsoNode;
import org.jnvm.dso.server.NodeConfig;
import org.junit.jupiter.api.Test;

class SmokeTest {
  @Test
  void counterOnOneNode() {
    Path dir = TestNodes.freshDir("smoke");
    try (DsoNode node =
            DsoNode.start(NodeConfig.single("smoke", 0, TestNodes.freePortPair(), dir), 60_000);
        DsoClient c = DsoClient.connect(node.endpoint())) {
      AtomicLong a = c.atomicLong("a", true, 5);
      assertEquals(6, a.incrementAndGet());
      assertEquals(6, a.get());
      AtomicLong e = c.atomicLong("e", false, 1);
      assertEquals(3, e.addAndGet(2));
    } finally {
      TestNodes.deleteTree(dir);
    }
  }
}
