package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * The roll-back of a class migration's batch when a heap opens, crashed at every fence of it
 * (EVICTION). The setup leaves what a crash in the middle of a batch leaves: an armed conversion
 * log ({@link ConversionLog}) for three {@link Node}s whose bytes were already rewritten, durably.
 * Every image of the recovery, opened again, must give back each node exactly as it was logged. (In
 * package {@code org.jnvm.core.heap} to reach the log, which only the heap uses.)
 */
class ConversionRecoveryCrashTest {
  private static final int NODES = 3;

  static void halfConverted(Heap h) {
    long[] at = new long[NODES];
    for (int i = 0; i < NODES; i++) {
      Node n = new Node(h, 100 + i);
      n.persist();
      h.roots().put("n" + i, n);
      at[i] = n.address();
    }
    ConversionLog log = ConversionLog.open(h, 0);
    for (long a : at) assertTrue(log.add(a, ObjectLayout.HEADER + Node.SIZE));
    log.arm();
    for (long a : at) {
      Pmem.putLong(a + ObjectLayout.HEADER, -1); // value, as a conversion would have rewritten it
      Pmem.putInt(a + ObjectLayout.SIZE_OFFSET, 8); // and the header's size
      Pmem.pwb(a, ObjectLayout.HEADER + Node.SIZE);
    }
    Pmem.psync();
  }

  @Test
  void aCrashWhileRollingABatchBackRollsItBackAgain() {
    CrashStats s =
        CrashTest.named("core: migration batch roll-back")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .setup(ConversionRecoveryCrashTest::halfConverted)
            .crashDuringRecovery()
            .workload(
                heap ->
                    assertTrue(
                        heap.recoveryReport().participants().contains("3 objects rolled back"),
                        heap.recoveryReport().toString()))
            .check(
                heap -> {
                  for (int i = 0; i < NODES; i++) {
                    assertEquals(100 + i, heap.roots().<Node>get("n" + i).value());
                  }
                  long log = heap.base() + heap.roots().offsetOf(ConversionLogLayout.ROOT);
                  assertEquals(0, ConversionLogLayout.count(log), "nothing left armed");
                  assertTrue(heap.verify().ok(), heap.verify().toString());
                })
            .run();
    assertEquals(1, s.fences(), "images restored before the count is cleared: " + s);
  }

  /**
   * After the roll-back, a change to a rolled-back object made durable by the application must
   * stay: the cleared count is written back during recovery, so the application's fence makes it
   * durable too, and no later recovery restores the stale image over the change.
   */
  @Test
  void aChangeMadeAfterTheRollBackIsNeverUndoneByItsStaleImage() {
    java.util.concurrent.atomic.AtomicBoolean acked =
        new java.util.concurrent.atomic.AtomicBoolean();
    CrashTest.named("core: migration batch roll-back, then a durable change")
        .config(CrashConfig.standard(CrashModel.EVICTION))
        .setup(ConversionRecoveryCrashTest::halfConverted)
        .crashDuringRecovery()
        .workload(
            heap -> {
              Node n = heap.roots().get("n0");
              n.value(7);
              n.pwbField(0);
              Pmem.psync();
              acked.set(true);
            })
        .check(
            heap -> {
              long v = heap.roots().<Node>get("n0").value();
              assertTrue(v == 7 || (!acked.get() && v == 100), "n0=" + v + " acked=" + acked);
            })
        .run();
  }
}
