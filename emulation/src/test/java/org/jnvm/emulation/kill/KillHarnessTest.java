package org.jnvm.emulation.kill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The harness itself: kills, failures it must report, and no child left behind. */
class KillHarnessTest {
  private static final Path HEAP = Path.of("/dev/shm/unused-by-these-children");

  @AfterEach
  void noChildIsLeftBehind() {
    List<ProcessHandle> alive =
        ProcessHandle.current()
            .children()
            .filter(ProcessHandle::isAlive)
            .collect(Collectors.toList());
    assertTrue(alive.isEmpty(), "children still alive: " + alive);
  }

  private static KillHarness.Builder harness(Class<?> child) {
    return KillHarness.builder(child)
        .heap(HEAP)
        .rounds(1)
        .seed(7)
        .minDelayMillis(20)
        .maxDelayMillis(60)
        .checker((heap, lastAck) -> {});
  }

  /** The delay starts at the n-th ACK of the round: each round gets that far, however slow. */
  @Test
  void theKillWaitsForTheAcksAskedFor() throws Exception {
    KillStats s =
        harness(HarnessChildren.Ticker.class)
            .rounds(2)
            .acksBeforeDelay(150)
            .minDelayMillis(0)
            .maxDelayMillis(0)
            .run();
    assertTrue(s.minAcksPerRound() >= 150, s.toString());
    KillHarnessException e =
        assertThrows(
            KillHarnessException.class,
            () -> harness(HarnessChildren.Quitter.class).acksBeforeDelay(2).run());
    assertTrue(e.getMessage().contains("child ended after 1 ACKs: exit=7"), e.getMessage());
  }

  @Test
  void killsEachRoundAndPassesTheLastAckToTheChecker() throws Exception {
    List<Long> seen = new ArrayList<>();
    KillStats s =
        harness(HarnessChildren.Ticker.class)
            .rounds(2)
            .checker(
                (heap, lastAck) -> {
                  assertEquals(HEAP, heap);
                  seen.add(lastAck);
                })
            .run();
    assertEquals(2, s.rounds());
    assertEquals(2, seen.size());
    assertTrue(seen.get(1) > seen.get(0), seen.toString());
    assertEquals(seen.get(1), s.lastAck());
    assertTrue(s.minAcksPerRound() >= 1, s.toString());
    assertEquals(7, s.seed());
  }

  @Test
  void aChildThatExitsOnItsOwnFailsTheRunWithItsOutput() {
    KillHarnessException e =
        assertThrows(
            KillHarnessException.class,
            () ->
                harness(HarnessChildren.Quitter.class)
                    .minDelayMillis(5_000)
                    .maxDelayMillis(5_000)
                    .run());
    assertTrue(
        e.getMessage().contains("exited on its own before the kill: exit=7"), e.getMessage());
    assertTrue(e.getMessage().contains("quitting on purpose"), e.getMessage());
    assertTrue(e.getMessage().contains("seed=7"), e.getMessage());
  }

  @Test
  void aChildThatFailsBeforeItsFirstAckFailsTheRunWithItsStackTrace() {
    KillHarnessException e =
        assertThrows(
            KillHarnessException.class, () -> harness(HarnessChildren.Crasher.class).run());
    assertTrue(e.getMessage().contains("ended before its first ACK: exit=1"), e.getMessage());
    assertTrue(e.getMessage().contains("recovery refused the heap on purpose"), e.getMessage());
  }

  @Test
  void aChildThatNeverAcknowledgesTimesOut() {
    KillHarnessException e =
        assertThrows(
            KillHarnessException.class,
            () -> harness(HarnessChildren.Mute.class).startTimeout(Duration.ofSeconds(3)).run());
    assertTrue(e.getMessage().contains("no ACK within 3000 ms"), e.getMessage());
    assertTrue(e.getMessage().contains("started, saying nothing more"), e.getMessage());
  }

  @Test
  void anAckThatGoesBackwardsBreaksTheProtocol() {
    KillHarnessException e =
        assertThrows(
            KillHarnessException.class, () -> harness(HarnessChildren.Backwards.class).run());
    assertTrue(e.getMessage().contains("ACK not increasing: 4 after 5"), e.getMessage());
  }

  @Test
  void aFailedCheckNamesTheRoundAndTheSeed() {
    KillHarnessException e =
        assertThrows(
            KillHarnessException.class,
            () ->
                harness(HarnessChildren.Ticker.class)
                    .checker(
                        (heap, lastAck) -> {
                          throw new AssertionError("heap is wrong");
                        })
                    .run());
    assertTrue(
        e.getMessage().startsWith("check failed after round 1: heap is wrong"), e.getMessage());
    assertTrue(e.getMessage().contains("seed=7"), e.getMessage());
    assertTrue(e.getCause() instanceof AssertionError);
  }

  @Test
  void aChildWhoseParentGoesAwayHaltsItself() throws Exception {
    List<String> cmd = ChildCommand.of(HarnessChildren.Ticker.class, List.of(), List.of());
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    try {
      p.getInputStream().read(); // it runs: its first ACK is coming
      p.getOutputStream().close(); // what the parent's death does to the child's stdin
      assertTrue(p.waitFor(30, TimeUnit.SECONDS), "child still running after its stdin closed");
      assertEquals(KillChild.ORPHANED, p.exitValue());
    } finally {
      p.destroyForcibly().waitFor();
    }
  }

  @Test
  void childrenNeverRunTheCrashSimulator() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> harness(HarnessChildren.Ticker.class).jvmArgs("-Djnvm.backend=crash-sim").run());
    assertTrue(e.getMessage().contains("real backend"), e.getMessage());
  }

  @Test
  void aRunNeedsAHeapAndAChecker() {
    assertThrows(IllegalStateException.class, () -> KillHarness.builder(Object.class).run());
    assertThrows(
        IllegalArgumentException.class,
        () -> harness(Object.class).minDelayMillis(10).maxDelayMillis(5).run());
  }
}
