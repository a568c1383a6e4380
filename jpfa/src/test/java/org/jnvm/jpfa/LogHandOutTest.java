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
 * else any free one, else a new one; and a log whose rollback failed is used by no block again, so
 * that recovery finds its block at the next open.
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
   * log: the thread's next block must take another log, or its entries would replace them and the
   * failed block's store would survive the next open.
   */
  @Test
  void aLogWhoseRollbackFailedIsNeverHandedBackAndItsBlockIsRolledBackAtOpen() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("failed-rollback");
      ThreadLog failed;
      try (Heap h = Heap.create(p, 1 << 20)) {
        Bank b = Bank.create(h, 3);
        ThreadLog before = logOfABlock(h, b, 0);
        IllegalStateException refused = new IllegalStateException("guard refused");
        AtomicReference<ThreadLog> used = new AtomicReference<>();
        IllegalStateException thrown =
            assertThrows(
                IllegalStateException.class,
                () ->
                    FA.run(
                        h,
                        () -> {
                          used.set(Block.current().log());
                          b.get(1).balance(999);
                          BlockSupport.installed().join(refusing(refused));
                          throw new IllegalArgumentException("abort");
                        }));
        assertSame(refused, thrown);
        failed = used.get();
        assertSame(before, failed, "the thread's last log");
        assertNotSame(failed, logOfABlock(h, b, 2), "the thread's next block");
        assertNotSame(failed, inThread(() -> logOfABlock(h, b, 2)), "another thread's block");
        assertEquals("0/0/0/- 999/0/0/- 2/0/0/-", b.describe(), "the failed block's store stays");
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(
            "0/0/0/- 200/0/0/- 2/0/0/-", Bank.open(h).describe(), "rolled back at the open");
      }
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
