package org.jnvm.emulation.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * jnvm-core under SIGKILL on the real mapping: a child appends to, unlinks from and frees nodes of
 * a persistent list ({@link KillList}) until it is killed; after every kill the parent reopens the
 * heap and checks it ({@link ListChecker}); the next child goes on from the recovered state.
 */
class HeapKillTest {
  private static final long HEAP = 8 << 20;

  @Test
  void listSurvivesTwentyKills() throws Exception {
    run(20, 0x5EED_0001L, 100, 600);
  }

  @Tag("crash-long")
  @Test
  void listSurvivesTwoHundredKills() throws Exception {
    run(200, 0x5EED_0002L, 5, 800);
  }

  private static void run(int rounds, long seed, int minMillis, int maxMillis) throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-list");
      ListChecker checker = new ListChecker(ListChecker.prepare(path, HEAP));
      KillStats stats =
          KillHarness.builder(ListWorkload.class)
              .heap(path)
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
      String hw = hardwareBackend();
      assertTrue(
          stats.childBackend().startsWith("[jnvm] gateway backend: " + hw + " "),
          "the child runs the real backend, " + hw + ": " + stats.childBackend());
    }
  }

  /** The backend this JVM's emulation backend wraps ("... over intrinsics"), or its own. */
  private static String hardwareBackend() {
    Matcher m = Pattern.compile("over (\\S+?)[;)]").matcher(Pmem.backendDescription());
    return m.find() ? m.group(1) : Pmem.backendName();
  }
}
