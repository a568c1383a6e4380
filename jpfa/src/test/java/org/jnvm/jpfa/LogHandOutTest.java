package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/**
 * Which log a block uses ({@link HeapLogs#take}): the one its thread used last if no block has it,
 * else any free one, else a new one; and after a block's end failed, no block runs on the heap
 * until it is reopened: recovery then rolls a failed rollback's block back, which would undo any
 * later commit of its lines.
 */
class LogHandOutTest {

  @Test
  void aBlockTakesItsThreadsLastLogElseAFreeOneElseANewOne() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("hand-out", 1 << 20);
      Bank b = Bank.create(h, 3);
      ThreadLog first = logOfABlock(h, b, 0);
      assertSame(first, logOfABlock(h, b, 0), "the same thread's next block");
      assertSame(first, inThread(() -> logOfABlock(h, b, 1)), "a free log, for another thread");
      assertEquals(1, HeapLogs.of(h).all().length, "one block at a time, one log");

      CountDownLatch inside = new CountDownLatch(1);
      CountDownLatch leave = new CountDownLatch(1);
      AtomicReference<ThreadLog> held = new AtomicReference<>();
      Thread holder =
          new Thread(
              () ->
                  FA.run(
                      h,
                      () -> {
                        b.get(1).balance(11);
                        held.set(Block.current().log());
                        inside.countDown();
                        await(leave); // the block stays open
                      }));
      holder.start();
      ThreadLog second;
      try {
        assertTrue(inside.await(30, TimeUnit.SECONDS));
        second = logOfABlock(h, b, 0);
        assertNotSame(held.get(), second, "a log no block has");
      } finally {
        leave.countDown();
        holder.join(30_000);
      }
      assertFalse(holder.isAlive());
      assertEquals(2, HeapLogs.of(h).all().length, "two blocks at once, two logs");
      assertSame(second, logOfABlock(h, b, 0), "the thread's last log, though the first is free");
      assertNotSame(first, second);
    }
  }

  /**
   * A rollback that fails (a participant refuses its guard) leaves the block's undo entries in its
   * log, for recovery at the next open to roll the block back. Until then the heap takes no block:
   * a block committing one of those lines would be undone by that recovery. A new block is refused,
   * a block that was running is rolled back at its end, and the failed log is never handed back.
   */
  @Test
  void aFailedRollbackRefusesBlocksOnItsHeapUntilItIsReopened() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("failed-rollback");
      try (Heap h = Heap.create(p, 1 << 20)) {
        Bank b = Bank.create(h, 3);
        CountDownLatch inside = new CountDownLatch(1);
        CountDownLatch leave = new CountDownLatch(1);
        AtomicReference<Throwable> runningEnd = new AtomicReference<>();
        Thread running =
            new Thread(
                () -> {
                  try {
                    FA.run(
                        h,
                        () -> {
                          b.get(0).balance(77);
                          inside.countDown();
                          await(leave);
                          b.get(1).balance(555); // after the failure, on the failed block's line
                        });
                  } catch (Throwable e) {
                    runningEnd.set(e);
                  }
                });
        running.start();
        IllegalStateException refused = new IllegalStateException("guard refused");
        AtomicReference<ThreadLog> used = new AtomicReference<>();
        try {
          assertTrue(inside.await(30, TimeUnit.SECONDS));
          IllegalStateException thrown =
              assertThrows(
                  IllegalStateException.class,
                  () ->
                      FA.run(
                          h,
                          () -> {
                            used.set(Block.current().log());
                            b.get(1).balance(999);
                            BlockSupport.installed().join(h, refusing(refused));
                            throw new IllegalArgumentException("abort");
                          }));
          assertSame(refused, thrown);
        } finally {
          leave.countDown();
          running.join(30_000);
        }
        assertFalse(running.isAlive());
        assertRefusal(refused, runningEnd.get(), "commit refused");
        assertEquals(
            "100/0/0/- 999/0/0/- 300/0/0/-",
            b.describe(),
            "the running block rolled back, to what the failed block left");
        assertRefusal(refused, catchOf(() -> logOfABlock(h, b, 2)), "block refused");
        Throwable other = catchOf(() -> inThread(() -> logOfABlock(h, b, 2)));
        assertNotNull(other, "another thread's block: nothing thrown");
        assertRefusal(refused, other.getCause(), "block refused");
        assertFalse(used.get().tryTake(), "the failed log stays taken");
      }
      try (Heap h = Heap.open(p)) {
        Bank b = Bank.open(h);
        assertEquals("100/0/0/- 200/0/0/- 300/0/0/-", b.describe(), "rolled back at the open");
        logOfABlock(h, b, 2);
        assertEquals("100/0/0/- 200/0/0/- 2/0/0/-", b.describe(), "blocks run again");
      }
    }
  }

  /**
   * A commit that fails (here its deferred free, of an object another thread freed outside any
   * block meanwhile; the block is durable by then) refuses new blocks on the heap as a failed
   * rollback does.
   */
  @Test
  void aFailedCommitRefusesBlocksOnItsHeap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("failed-commit", 1 << 20);
      Bank b = Bank.create(h, 3);
      Throwable commit =
          catchOf(
              () ->
                  FA.run(
                      h,
                      () -> {
                        b.get(0).balance(1);
                        h.free(b.get(2));
                        FaCrashTest.inThread(() -> h.free(b.get(2)));
                      }));
      assertNotNull(commit, "the commit's second free of the object: nothing thrown");
      assertRefusal(commit, catchOf(() -> logOfABlock(h, b, 1)), "block refused");
    }
  }

  private static void assertRefusal(Throwable cause, Throwable e, String what) {
    assertNotNull(e, what + ": nothing thrown");
    assertTrue(e instanceof IllegalStateException, what + ": " + e);
    assertTrue(e.getMessage().contains(what), e.getMessage());
    assertTrue(e.getMessage().contains("close and reopen"), e.getMessage());
    assertSame(cause, e.getCause(), what);
  }

  private static Throwable catchOf(org.junit.jupiter.api.function.Executable x) {
    try {
      x.execute();
      return null;
    } catch (Throwable e) {
      return e;
    }
  }

  /** Runs a block storing {@code i} as account {@code i}'s balance; returns the block's log. */
  private static ThreadLog logOfABlock(Heap h, Bank b, int i) {
    AtomicReference<ThreadLog> log = new AtomicReference<>();
    FA.run(
        h,
        () -> {
          b.get(i).balance(i);
          log.set(Block.current().log());
        });
    return log.get();
  }

  private static BlockSupport.RollbackParticipant refusing(RuntimeException e) {
    return new BlockSupport.RollbackParticipant() {
      @Override
      public void beforeRollback() {
        throw e;
      }

      @Override
      public void afterRollback() {}
    };
  }

  /** The log of a block run on a new thread (which has ended when this returns). */
  private static ThreadLog inThread(Supplier<ThreadLog> block) throws InterruptedException {
    AtomicReference<ThreadLog> out = new AtomicReference<>();
    FaCrashTest.inThread(() -> out.set(block.get()));
    assertNotNull(out.get(), "the other thread's block ran");
    return out.get();
  }

  private static void await(CountDownLatch l) {
    try {
      l.await(30, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
