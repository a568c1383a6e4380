package org.jnvm.jpfa.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.kill.KillHarness;
import org.jnvm.emulation.kill.KillStats;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Failure-atomic blocks under SIGKILL on the real mapping: a child runs TPC-B-like transfers on
 * three threads ({@link TransferWorkload}) until it is killed at a random moment; the parent
 * reopens the heap and checks it ({@link TransferChecker}); the next child goes on from the
 * recovered state.
 */
class TransferKillTest {
  private static final long HEAP = 8 << 20;
  private static final int ACCOUNTS = 32;
  private static final int THREADS = 3;

  @Test
  void transfersSurviveTwentyKills() throws Exception {
    run(20, 0x7FA_0001L, 50, 500);
  }

  @Tag("crash-long")
  @Test
  void transfersSurviveTwoHundredKills() throws Exception {
    run(200, 0x7FA_0002L, 5, 800);
  }

  private static void run(int rounds, long seed, int minMillis, int maxMillis) throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-transfers");
      TransferChecker checker = TransferChecker.prepare(path, HEAP, ACCOUNTS, THREADS);
      KillStats stats =
          KillHarness.builder(TransferWorkload.class)
              .heap(path)
              .args(Integer.toString(THREADS))
              .jvmArgs("-XX:+UseSerialGC", "-Xmx64m")
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
      assertTrue(
          stats.childBackend().startsWith("[jnvm] gateway backend: ")
              && !stats.childBackend().contains("crash-sim"),
          "the child runs a real backend: " + stats.childBackend());
    }
  }
}
