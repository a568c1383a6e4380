package org.jnvm.emulation.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/**
 * Background recovery under SIGKILL on the real mapping: each child opens the heap with the mark
 * and sweep in the background (slowed, see {@link BackgroundListWorkload}) and appends to, unlinks
 * from and frees nodes of the kill list while they run, beside 20,000 ballast nodes the mark must
 * also read; it is killed 5-600 ms after its first acknowledged operation, mostly during the mark.
 * After each kill the parent recovers the heap before the open returns and checks it ({@link
 * ListChecker}: verifier, every acknowledged operation, live objects = ballast + list; nodes
 * removed during the mark are reclaimed by that recovery, as their frees waited for the sweep); the
 * next child goes on from there.
 */
class BackgroundKillTest {
  private static final long HEAP = 16 << 20;
  private static final int BALLAST = 20_000;

  @Test
  void listSurvivesKillsDuringTheBackgroundMark() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-background");
      ListChecker checker = new ListChecker(prepare(path), true);
      KillStats stats =
          KillHarness.builder(BackgroundListWorkload.class)
              .heap(path)
              .jvmArgs("-XX:+UseSerialGC", "-Xmx64m")
              .rounds(12)
              .seed(0x5EED_00B6L)
              .minDelayMillis(5)
              .maxDelayMillis(600)
              .checker(checker)
              .progress(System.out::println)
              .run();
      System.out.println("[kill] " + stats);
      System.out.println("[kill] " + checker.outcomes());
      assertEquals(12, stats.rounds());
      assertTrue(stats.minAcksPerRound() >= 1, stats.toString());
    }
  }

  /** The kill list, empty, and a chain of ballast nodes; returns the live objects then. */
  private static long prepare(Path path) {
    try (Heap h = Heap.create(path, HEAP)) {
      KillList.create(h);
      Node next = null;
      for (int i = 0; i < BALLAST; i++) {
        Node n = new Node(h, i);
        n.next(next);
        n.persist();
        next = n;
      }
      h.roots().put("ballast", next);
    }
    try (Heap h = Heap.open(path, HeapOptions.DEFAULT.withBackgroundRecovery(false))) {
      return h.recoveryReport().liveObjects();
    }
  }
}
