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
 * Issue 55's no-lock scenario under SIGKILL on the real mapping: two writers in failure-atomic
 * blocks and two lock-free readers on one concurrent map of each kind ({@link BlockMapWorkload}),
 * killed at random; after every kill the parent reopens and checks the heap ({@link
 * BlockMapChecker}) and the next child goes on from there.
 */
class BlockMapKillTest {
  private static final long HEAP = 16 << 20;
  private static final int WRITERS = 2;

  @Test
  void concurrentHashMapInBlocksSurvivesKills() throws Exception {
    run("hash", 8, 0x55B1L, 100, 700);
  }

  @Test
  void skipListMapInBlocksSurvivesKills() throws Exception {
    run("sorted", 8, 0x55B2L, 100, 700);
  }

  @Tag("crash-long")
  @Test
  void bothMapsInBlocksSurviveManyKills() throws Exception {
    run("hash", 60, 0x55B3L, 5, 900);
    run("sorted", 60, 0x55B4L, 5, 900);
  }

  private static void run(String kind, int rounds, long seed, int minMillis, int maxMillis)
      throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-blocks-" + kind);
      BlockMapChecker checker =
          new BlockMapChecker(WRITERS, BlockMapChecker.prepare(path, HEAP, kind));
      KillStats stats =
          KillHarness.builder(BlockMapWorkload.class)
              .heap(path)
              .args(Integer.toString(WRITERS), Long.toString(seed))
              .jvmArgs("-XX:+UseSerialGC", "-Xmx128m")
              .rounds(rounds)
              .seed(seed)
              .minDelayMillis(minMillis)
              .maxDelayMillis(maxMillis)
              .checker(checker)
              .progress(System.out::println)
              .run();
      System.out.println("[kill] " + kind + " " + stats);
      assertEquals(rounds, stats.rounds());
      assertTrue(stats.minAcksPerRound() >= 1, stats.toString());
      assertTrue(stats.childBackend().contains("gateway backend"), stats.childBackend());
      assertTrue(!stats.childBackend().contains("crash-sim"), stats.childBackend());
    }
  }
}
