package org.jnvm.dso.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.TestNodes;
import org.jnvm.dso.wire.TypeRegistry;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Two in-process nodes at rf 2, so that both own every object: Infinispan carries the function to
 * the backup after the primary ran it, and the backup copies the primary's box instead of running
 * the method again (one run per call, not two), and both copies of every box are the same.
 */
class ShippedOutcomeTest {
  private static final List<Path> DIRS = new ArrayList<>();
  private static final List<DsoNode> NODES = new ArrayList<>();
  private static DsoClient dso;

  @BeforeAll
  static void start() throws Exception {
    TypeRegistry.register(CountingCell.class);
    int[] ports = {TestNodes.freePortPair(), TestNodes.freePortPair()};
    List<String> peers = List.of("127.0.0.1[" + ports[0] + "]", "127.0.0.1[" + ports[1] + "]");
    String cluster = "shipped-" + ProcessHandle.current().pid();
    ExecutorService boot = Executors.newFixedThreadPool(2);
    try {
      List<Future<DsoNode>> starting = new ArrayList<>();
      for (int i = 0; i < 2; i++) {
        Path dir = TestNodes.freshDir("shipped");
        DIRS.add(dir);
        NodeConfig c =
            new NodeConfig(
                "shipped-" + i,
                "127.0.0.1",
                0,
                ports[i],
                peers,
                null,
                cluster,
                dir,
                2,
                2,
                0,
                List.of(),
                "",
                PersistentStore.DEFAULT_SIZE);
        starting.add(boot.submit(() -> DsoNode.start(c, 60_000)));
      }
      for (Future<DsoNode> f : starting) {
        NODES.add(f.get(90, TimeUnit.SECONDS));
      }
    } finally {
      boot.shutdownNow();
    }
    dso = DsoClient.connect(NODES.get(0).endpoint() + "," + NODES.get(1).endpoint());
  }

  @AfterAll
  static void stop() {
    try {
      if (dso != null) {
        dso.close();
      }
      for (DsoNode n : NODES) {
        n.close();
      }
    } finally {
      DIRS.forEach(TestNodes::deleteTree);
    }
  }

  @Test
  void eachCallRunsItsMethodOnceAndBothOwnersHoldTheSameBox() {
    int objects = 8;
    int calls = 25;
    int runs = CountingCell.RUNS.get();
    for (int o = 0; o < objects; o++) {
      Cell c = dso.shared(Cell.class, "cell-" + o, true, new CountingCell(0));
      for (int i = 1; i <= calls; i++) {
        assertEquals(i * (long) o, c.add(o));
      }
    }
    assertEquals(
        objects * calls,
        CountingCell.RUNS.get() - runs,
        "method runs for " + objects * calls + " calls at rf 2");
    for (int o = 0; o < objects; o++) {
      String key = CountingCell.class.getName() + "\ncell-" + o;
      byte[] first = NODES.get(0).localBox(key);
      byte[] second = NODES.get(1).localBox(key);
      assertEquals(calls + 1, Box.versionOf(first), "creation and calls, object " + o);
      assertEquals(java.util.Arrays.toString(first), java.util.Arrays.toString(second));
    }
  }
}
