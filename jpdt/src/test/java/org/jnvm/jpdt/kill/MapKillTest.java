package org.jnvm.jpdt.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.kill.KillHarness;
import org.jnvm.emulation.kill.KillStats;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The concurrent map under SIGKILL on the real mapping: a child runs several writer threads on one
 * {@code PConcurrentHashMap} ({@link MapWorkload}) until it is killed; after every kill the parent
 * reopens the heap and checks it ({@link MapChecker}); the next child goes on from there. The heap
 * is small for the churn (every value is replaced or removed within 18 operations), so memory that
 * an operation failed to free would fill it within a few rounds.
 */
class MapKillTest {
  private static final long HEAP = 16 << 20;
  private static final int WRITERS = 4;

  @Test
  void concurrentMapSurvivesKillsUnderFourWriters() throws Exception {
    run(12, 0x5EED_1001L, 100, 700);
  }

  @Tag("crash-long")
  @Test
  void concurrentMapSurvivesManyKills() throws Exception {
    run(100, 0x5EED_1002L, 5, 900);
  }

  private static void run(int rounds, long seed, int minMillis, int maxMillis) throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-map");
      MapChecker checker = new MapChecker(WRITERS, MapChecker.prepare(path, HEAP));
      KillStats stats =
          KillHarness.builder(MapWorkload.class)
              .heap(path)
              .args(Integer.toString(WRITERS))
              .jvmArgs("-XX:+UseSerialGC", "-Xmx128m")
              .rounds(rounds)
              .seed(seed)
              .minDelayMillis(minMillis)
              .maxDelayMillis(maxMillis)
              .checker(checker)
              .progress(System.out::println)
              .run();
      System.out.println("[kill] " + stats);
      System.out.println("[kill] " + checker.outcomes());
      System.out.println("[kill] child " + stats.childBackend());
      assertEquals(rounds, stats.rounds());
      assertTrue(stats.minAcksPerRound() >= 1, stats.toString());
      assertTrue(stats.childBackend().contains("gateway backend"), stats.childBackend());
      assertTrue(!stats.childBackend().contains("crash-sim"), stats.childBackend());
    }
  }
}
