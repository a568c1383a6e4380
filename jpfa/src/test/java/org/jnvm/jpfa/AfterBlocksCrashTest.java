package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.heap.Heap;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.Test;

/**
 * What happens around blocks rather than inside them, under the EVICTION model: the creation of a
 * heap's logs (the first block of a heap, a second thread's log), and stores outside blocks after a
 * block ended (committed and settled, committed with frees whose memory is reused, aborted, or
 * finished by recovery). A log whose end (IDLE) is not durable when such a store happens would be
 * replayed by the next recovery over it; a log linked before it is durable would stop the heap from
 * opening. Each test was checked to fail with the instruction it covers deleted (the mutation
 * profile's survivors, docs/crash-testing.md).
 */
class AfterBlocksCrashTest {
  private static final String S0 = "100/0/0/- 200/0/0/- 300/0/0/-";

  private static CrashConfig eviction() {
    return CrashConfig.standard(CrashModel.EVICTION);
  }

  private static String describe(Heap h) {
    return Bank.open(h).describe();
  }

  /**
   * The heap's first block creates its log and links it from a root; a block on a second thread,
   * while the first thread's block holds that log, creates a second log linked from the first; its
   * block changes two lines, so a second log that recovery cannot reach leaves it torn. Every image
   * opens, its blocks are whole, and the recovered logs are well formed. (ThreadLog.create's
   * write-backs and fence, HeapLogs.create's link write-back and fence.)
   */
  @Test
  void logsCreatedByTheFirstBlocksAreDurableBeforeTheyAreLinked() {
    Linearizable<String> h = new Linearizable<>(S0);
    h.then("100/0/0/- 201/0/0/- 301/0/0/-").then("101/0/0/- 201/0/0/- 301/0/0/-");
    CrashStats s =
        CrashTest.named("jpfa: logs created by the first blocks")
            .config(eviction())
            .setup(heap -> Bank.create(heap, 3))
            .workload(
                heap -> {
                  Bank b = Bank.open(heap);
                  AtomicReference<Throwable> other = new AtomicReference<>();
                  FA.run(
                      heap,
                      () -> {
                        Thread t =
                            new Thread(
                                () -> {
                                  try {
                                    FA.run(
                                        heap,
                                        () -> { // two lines: torn if recovery missed its log
                                          b.get(1).balance(201);
                                          b.get(2).balance(301);
                                        });
                                  } catch (Throwable e) {
                                    other.set(e);
                                  }
                                });
                        t.start();
                        join(t);
                        if (other.get() != null) throw new IllegalStateException(other.get());
                        h.ack();
                        b.get(0).balance(101);
                      });
                  h.ack();
                  assertEquals(2, HeapLogs.of(heap).all().length, "two logs");
                })
            .check(
                heap -> {
                  h.check(describe(heap));
                  // the recovered logs can take a block: each has a well-formed first segment
                  // (a block cannot run here: the check runs inside the workload's fence)
                  for (ThreadLog l : HeapLogs.of(heap).all()) {
                    assertTrue(l.segmentCount() >= 1 && l.capacity() > 0, l.toString());
                  }
                })
            .run();
    assertTrue(s.images() > s.fences(), s.toString());
  }

  /**
   * A committed block's end is made durable by {@link FA#settle} before a store outside blocks to a
   * line the block logged: a crash never rolls that store back. (HeapLogs.settle's fence.)
   */
  @Test
  void aStoreOutsideBlocksAfterSettleSurvives() {
    Linearizable<String> h = new Linearizable<>(S0);
    h.then("1/0/0/- 200/0/0/- 300/0/0/-").then("2/0/0/- 200/0/0/- 300/0/0/-");
    explore(
        "jpfa: a store outside blocks after settle",
        AfterBlocksCrashTest::bankWithLog,
        h,
        heap -> {
          Bank b = Bank.open(heap);
          FA.run(heap, () -> b.get(0).balance(1));
          h.ack();
          FA.settle(heap);
          b.get(0).balance(2);
          b.get(0).persist();
          h.ack();
        });
  }

  /**
   * An aborted block's end is durable when the abort returns: a store outside blocks to a line it
   * had logged is never rolled back by a crash. (Rollback's last fence.)
   */
  @Test
  void aStoreOutsideBlocksAfterAnAbortSurvives() {
    Linearizable<String> h = new Linearizable<>(S0);
    h.then("2/0/0/- 200/0/0/- 300/0/0/-");
    explore(
        "jpfa: a store outside blocks after an abort",
        AfterBlocksCrashTest::bankWithLog,
        h,
        heap -> {
          Bank b = Bank.open(heap);
          assertThrows(
              IllegalStateException.class,
              () ->
                  FA.run(
                      heap,
                      () -> {
                        b.get(0).balance(1);
                        throw new IllegalStateException("abort");
                      }));
          FA.settle(heap);
          b.get(0).balance(2);
          b.get(0).persist();
          h.ack();
        });
  }

  /**
   * A block that writes an object and frees it: the block's end is durable before the free, so when
   * the memory is reused by an object written outside blocks, a crash never rolls the old object's
   * lines back over the new one. (ThreadLog.markIdle's write-back.)
   */
  @Test
  void memoryABlockFreedIsReusedWithoutBeingRolledBack() {
    Linearizable<String> h = new Linearizable<>("100/0/0/- 200/0/0/7 300/0/0/-");
    h.then("100/0/0/- 200/0/0/- 300/0/0/-").then("100/0/0/- 200/0/0/- 300/0/0/55");
    explore(
        "jpfa: memory freed by a block, reused outside blocks",
        FaCrashTest::setup,
        h,
        heap -> {
          FA.settle(heap); // no earlier truncation pending: the block's own write-back counts
          Bank b = Bank.open(heap);
          Account old = b.get(1).link();
          long at = old.offset();
          FA.run(
              heap,
              () -> {
                old.balance(8);
                b.get(1).link(null);
                heap.free(old);
              });
          h.ack();
          Account n = new Account(heap, 55);
          assertEquals(at, n.offset(), "the allocator reuses the freed object's memory");
          n.persist();
          FA.settle(heap);
          b.get(2).link(n);
          b.get(2).persist();
          h.ack();
        });
  }

  /**
   * A block that recovery finished (here: rolled back, its commit record on media but two of its
   * lines not) ends durably before the heap is handed out: stores outside blocks after the open are
   * never undone by a second crash. (LogRecovery's write-back of IDLE.)
   */
  @Test
  void aStoreAfterRecoveryFinishedABlockSurvives() {
    Linearizable<String> h = new Linearizable<>("100/0/0/- 200/0/0/- 300/0/0/-");
    h.then("5/0/0/- 200/0/0/- 300/0/0/-");
    exploreRecovery(
        "jpfa: a store after recovery finished a block",
        heap -> Forge.committed(heap, tornBlock(heap), 0, 2),
        h,
        heap -> {
          Bank b = Bank.open(heap);
          b.get(0).balance(5);
          b.get(0).persist();
          h.ack();
        });
  }

  /**
   * Explores every crash of {@code workload} after {@code setup}; each image must be in {@code h}.
   */
  private static void explore(
      String name, CrashCheck setup, Linearizable<String> h, CrashCheck workload) {
    CrashTest.named(name)
        .config(eviction())
        .setup(setup)
        .workload(workload)
        .check(heap -> h.check(describe(heap)))
        .run();
  }

  /** As {@link #explore}, the tracked workload starting with the heap's opening (recovery). */
  private static void exploreRecovery(
      String name, CrashCheck setup, Linearizable<String> h, CrashCheck workload) {
    CrashTest.named(name)
        .config(eviction())
        .setup(setup)
        .crashDuringRecovery()
        .workload(workload)
        .check(heap -> h.check(describe(heap)))
        .run();
  }

  /** Three accounts and one block, so that the heap has its log. */
  private static void bankWithLog(Heap heap) {
    Bank b = Bank.create(heap, 3);
    FA.run(heap, () -> b.get(2).count(0));
  }

  /** The block of {@link RecoveryCrashTest}: three lines, left for {@link Forge} to tear. */
  private static ThreadLog tornBlock(Heap heap) {
    Bank b = Bank.create(heap, 3);
    FA.run(
        heap,
        () -> {
          b.get(0).balance(1);
          b.get(1).balance(2);
          b.get(2).tag(3);
        });
    return HeapLogs.of(heap).all()[0];
  }

  private static void join(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
