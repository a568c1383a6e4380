package org.jnvm.emulation.kill;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Arrays;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.heap.VerifyReport;
import org.junit.jupiter.api.Test;

/**
 * Heap growth under SIGKILL on the real mapping: a child pushes 8000-byte records on a list in a
 * heap that grows 256 KiB at a time ({@link GrowthWorkload}); after every kill the parent reopens
 * the heap: it verifies, holds every acknowledged record and at most the one in flight, intact, and
 * its reservation never shrank. (A kill keeps the page cache, so this checks the growth protocol's
 * order of file and memory operations, not its write-backs: {@code GrowthCrashTest} does that.)
 */
class GrowthKillTest {
  private static final long MAX = 1L << 30;

  @Test
  void growthSurvivesTwelveKills() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path path = heaps.path("kill-growth");
      try (Heap h = Heap.create(path, MAX, GrowthWorkload.OPTIONS)) {
        assertEquals(4, h.reservedChunks(), "starts with one 256 KiB step");
      }
      Checker checker = new Checker();
      KillStats stats =
          KillHarness.builder(GrowthWorkload.class)
              .heap(path)
              .jvmArgs("-XX:+UseSerialGC", "-Xmx64m")
              .rounds(12)
              .seed(0x6E0E_0001L)
              .acksBeforeDelay(GrowthWorkload.NODES_PER_STEP + 1) // a step per round, at least
              .minDelayMillis(150)
              .maxDelayMillis(500)
              .checker(checker)
              .progress(System.out::println)
              .run();
      System.out.println("[kill] " + stats);
      System.out.println("[kill] " + checker);
      assertEquals(12, stats.rounds());
      assertTrue(checker.grewIn >= 6, "the heap grew in most rounds: " + checker);
    }
  }

  private static final class Checker implements KillChecker {
    int reserved;
    int grewIn;
    int inFlight;

    @Override
    public void check(Path path, long lastAck) {
      try (Heap heap = Heap.open(path, GrowthWorkload.OPTIONS)) {
        VerifyReport v = heap.verify();
        assertTrue(v.ok(), v.toString());
        long length = GrowthWorkload.length(heap);
        assertTrue(
            length == lastAck || length == lastAck + 1, "length " + length + " ack " + lastAck);
        if (length > lastAck) inFlight++;
        long expect = length;
        byte[] label = new byte[GrowthWorkload.LABEL];
        for (Node n = heap.roots().get(GrowthWorkload.ROOT); n != null; n = n.next(), expect--) {
          assertEquals(expect, n.value());
          Arrays.fill(label, (byte) expect);
          assertArrayEquals(label, n.label().bytes(), "label of " + expect);
        }
        assertEquals(0, expect);
        assertTrue(heap.reservedChunks() >= reserved, "reservation shrank: " + heap.describe());
        if (heap.reservedChunks() > reserved) grewIn++;
        reserved = heap.reservedChunks();
      }
    }

    @Override
    public String toString() {
      return "grew in "
          + grewIn
          + " rounds, "
          + inFlight
          + " kills with a record in flight, "
          + reserved
          + " chunks reserved at the end";
    }
  }
}
