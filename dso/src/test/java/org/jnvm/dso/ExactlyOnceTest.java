package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.jnvm.dso.lib.Counter;
import org.jnvm.dso.lib.CyclicBarrier;
import org.jnvm.dso.lib.SharedList;
import org.jnvm.dso.server.DsoNode;
import org.jnvm.dso.server.NodeConfig;
import org.jnvm.dso.server.PersistentStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A node that drops the first reply of every third call after applying it: clients time out, retry
 * with the same ticket, and every call still takes effect exactly once.
 */
class ExactlyOnceTest {
  private static Path dir;
  private static DsoNode node;
  private static DsoClient dso;

  @BeforeAll
  static void start() {
    dir = TestNodes.freshDir("once");
    int cp = TestNodes.freePortPair();
    node =
        DsoNode.start(
            new NodeConfig(
                "once",
                "127.0.0.1",
                0,
                cp,
                List.of("127.0.0.1[" + cp + "]"),
                null,
                "once-" + ProcessHandle.current().pid(),
                dir,
                1,
                1,
                3,
                List.of(),
                "",
                PersistentStore.DEFAULT_SIZE),
            60_000);
    dso =
        DsoClient.builder()
            .servers(node.endpoint())
            .attemptTimeout(Duration.ofMillis(250))
            .callTimeout(Duration.ofSeconds(30))
            .connect();
  }

  @AfterAll
  static void stop() {
    try {
      dso.close();
      node.close();
    } finally {
      TestNodes.deleteTree(dir);
    }
  }

  @Test
  void lostRepliesAreRetriedWithoutApplyingTwice() throws Exception {
    int threads = 4;
    int k = 30;
    Counter c = dso.counter("once", true);
    SharedList<Integer> log = dso.list("once-log", true);
    ConcurrentLinkedQueue<Long> values = new ConcurrentLinkedQueue<>();
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      List<Future<?>> fs = new ArrayList<>();
      for (int t = 0; t < threads; t++) {
        int id = t;
        fs.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < k; i++) {
                    values.add(c.increment());
                    log.add(id * 1000 + i);
                  }
                  return null;
                }));
      }
      for (Future<?> f : fs) {
        f.get(120, TimeUnit.SECONDS);
      }
    } finally {
      pool.shutdownNow();
    }
    assertTrue(
        node.droppedReplies() >= threads * k * 2 / 3 - 2, "dropped only " + node.droppedReplies());
    ClusterTest.assertExactly(values, threads * k);
    assertEquals(threads * k, c.value());
    List<Integer> appended = log.snapshot();
    assertEquals(threads * k, appended.size(), "list appends applied more than once: " + appended);
    assertEquals(threads * k, appended.stream().distinct().count());
  }

  @Test
  void parkedCallsSurviveLostReplies() throws Exception {
    int parties = 3;
    CyclicBarrier b = dso.cyclicBarrier("once-barrier", parties);
    ExecutorService pool = Executors.newFixedThreadPool(parties);
    try {
      List<Future<Integer>> fs = new ArrayList<>();
      for (int round = 0; round < 4; round++) {
        fs.clear();
        for (int t = 0; t < parties; t++) {
          fs.add(pool.submit(b::await));
        }
        List<Integer> indexes = new ArrayList<>();
        for (Future<Integer> f : fs) {
          indexes.add(f.get(60, TimeUnit.SECONDS));
        }
        indexes.sort(null);
        assertEquals(List.of(0, 1, 2), indexes, "round " + round);
      }
    } finally {
      pool.shutdownNow();
    }
    assertEquals(4, b.generation());
    assertTrue(node.parked() == 0, "parked calls left: " + node.parked());
  }
}
