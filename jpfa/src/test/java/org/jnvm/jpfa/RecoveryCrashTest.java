package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * Log replay is idempotent: the setup leaves logs in states a crash can leave (forged from real
 * blocks, see {@link Forge}), and the tracked workload is the opening of the heap, so every image
 * of a crash during recovery is recovered again and must reach the same state.
 */
class RecoveryCrashTest {
  private static final String BEFORE = "100/0/0/- 200/0/0/- 300/0/0/-";
  private static final String AFTER = "1/0/0/- 2/0/0/- 300/0/3/-";

  private static CrashConfig eviction() {
    return CrashConfig.standard(CrashModel.EVICTION);
  }

  /** Three accounts, one block over all three; returns the log it used. */
  private static ThreadLog block(Heap heap) {
    return block(Bank.create(heap, 3));
  }

  private static ThreadLog block(Bank b) {
    Heap heap = b.heap;
    FA.run(
        heap,
        () -> {
          b.get(0).balance(1);
          b.get(1).balance(2);
          b.get(2).tag(3);
        });
    ThreadLog log = HeapLogs.of(heap).all()[0];
    assertEquals(3, log.count(), log.toString());
    return log;
  }

  @Test
  void crashWhileKeepingACommittedBlock() {
    CrashStats s =
        CrashTest.named("jpfa: crash while keeping a committed block")
            .config(eviction())
            .setup(heap -> Forge.committed(heap, block(heap)))
            .crashDuringRecovery()
            .workload(
                heap ->
                    assertTrue(
                        heap.recoveryReport().participants().contains("kept 1 committed block"),
                        heap.recoveryReport().toString()))
            .check(heap -> assertEquals(AFTER, Bank.open(heap).describe()))
            .run();
    assertEquals(1, s.stores(), "only the state word is written: " + s);
  }

  /** The record reached media but two of its lines did not: the block had not returned. */
  @Test
  void crashWhileRollingBackACommitThatDidNotReachMedia() {
    CrashStats s =
        CrashTest.named("jpfa: crash during roll-back of a torn commit")
            .config(eviction())
            .setup(heap -> Forge.committed(heap, block(heap), 0, 2))
            .crashDuringRecovery()
            .workload(
                heap ->
                    assertTrue(
                        heap.recoveryReport().participants().contains("rolled back 1"),
                        heap.recoveryReport().toString()))
            .check(heap -> assertEquals(BEFORE, Bank.open(heap).describe()))
            .run();
    assertEquals(2, s.fences(), "lines, then states: " + s);
    assertTrue(s.stores() >= 3, s.toString());
  }

  @Test
  void crashWhileRollingAnUnfinishedBlockBack() {
    CrashStats s =
        CrashTest.named("jpfa: crash during roll-back")
            .config(eviction())
            .setup(heap -> Forge.active(heap, block(heap), 1))
            .crashDuringRecovery()
            .check(heap -> assertEquals(BEFORE, Bank.open(heap).describe()))
            .run();
    assertEquals(2, s.fences(), s.toString());
  }

  /**
   * Two logs of blocks that ran at once on different objects: one committed (kept), one still
   * running (rolled back).
   */
  @Test
  void crashWhileReplayingTwoLogs() {
    CrashTest.named("jpfa: crash during replay of two logs")
        .config(eviction())
        .setup(
            heap -> {
              Bank b = Bank.create(heap, 4);
              FA.run(
                  heap,
                  () ->
                      FaCrashTest.inThread(
                          () ->
                              FA.run(
                                  heap,
                                  () -> {
                                    b.get(3).count(7);
                                    b.get(3).link(new Account(heap, 8));
                                  })));
              ThreadLog first = block(b); // the log of the outer block above, on top of the pool
              ThreadLog second = HeapLogs.of(heap).all()[1];
              assertEquals(1, second.count(), second.toString());
              Forge.committed(heap, first);
              Forge.active(heap, second);
            })
        .crashDuringRecovery()
        .check(heap -> assertEquals(AFTER + " 400/0/0/-", Bank.open(heap).describe()))
        .run();
  }
}
