package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/**
 * Blocks on several threads, locking as {@link FA} documents: each thread takes the locks of the
 * accounts it writes, in offset order, before its block and releases them after. No sleeps, no
 * timing: threads meet at barriers and latches.
 */
class ConcurrencyTest {

  @Test
  void concurrentTransfersWithAbortsKeepTheTotalAcrossReopen() throws Exception {
    int threads = 4;
    int perThread = 3000;
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("transfers");
      long total;
      long committed;
      try (Heap h = Heap.create(p, 8 << 20)) {
        Bank b = Bank.create(h, 16);
        total = b.total();
        Transfers tr = new Transfers(b, new AccountLocks(b.accounts.length));
        committed = runAll(threads, i -> tr.run(new SplittableRandom(i), perThread));
        assertEquals(total, b.total(), "total while open");
        assertEquals(committed, b.accountCountSum() / 2, "each commit counted on two accounts");
      }
      try (Heap h = Heap.open(p)) {
        Bank b = Bank.open(h);
        assertEquals(total, b.total(), "total after reopen");
        assertEquals(committed, b.accountCountSum() / 2);
        assertEquals("", h.recoveryReport().participants(), "every block had finished");
        assertTrue(h.verify().ok(), () -> h.verify().toString());
        assertTrue(
            HeapLogs.of(h).all().length <= threads,
            "at most one log per concurrent block: " + HeapLogs.of(h).all().length);
      }
    }
  }

  @Test
  void blocksRunningAtOnceUseDistinctLogs() throws Exception {
    int threads = 4;
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("distinct", 1 << 20);
      Bank b = Bank.create(h, threads);
      CyclicBarrier inside = new CyclicBarrier(threads);
      Set<ThreadLog> logs = java.util.concurrent.ConcurrentHashMap.newKeySet();
      runAll(
          threads,
          i -> {
            FA.run(
                h,
                () -> {
                  b.get(i).balance(i);
                  logs.add(Block.current().log());
                  inside.await(30, TimeUnit.SECONDS); // every block is open here
                  b.get(i).count(i);
                });
            return 1;
          });
      assertEquals(threads, logs.size(), "one log per open block");
      assertEquals(threads, HeapLogs.of(h).all().length);
      for (int i = 0; i < threads; i++) assertEquals(i + "/" + i, bc(b.get(i)));
    }
  }

  /**
   * Failure atomicity is not isolation: a reader that does not take the writer's lock sees the
   * block's stores before it commits, and sees them disappear when it aborts.
   */
  @Test
  void aReaderWithoutTheLockSeesUncommittedStoresAndTheirUndo() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("dirty", 1 << 20);
      Bank b = Bank.create(h, 1);
      CountDownLatch stored = new CountDownLatch(1);
      CountDownLatch seen = new CountDownLatch(1);
      AtomicLong observed = new AtomicLong();
      ExecutorService ex = Executors.newSingleThreadExecutor();
      try {
        Future<?> writer =
            ex.submit(
                () ->
                    assertThrows(
                        IllegalStateException.class,
                        () ->
                            FA.run(
                                h,
                                () -> {
                                  b.get(0).balance(-1);
                                  stored.countDown();
                                  assertTrue(seen.await(30, TimeUnit.SECONDS));
                                  throw new IllegalStateException("abort");
                                })));
        assertTrue(stored.await(30, TimeUnit.SECONDS));
        observed.set(b.get(0).balance());
        seen.countDown();
        writer.get(30, TimeUnit.SECONDS);
      } finally {
        ex.shutdownNow();
      }
      assertEquals(-1, observed.get(), "the uncommitted store was visible");
      assertEquals(100, b.get(0).balance(), "and undone by the abort");
    }
  }

  private static String bc(Account a) {
    return a.balance() + "/" + a.count();
  }

  interface Task {
    long run(int index) throws Exception;
  }

  /** Runs {@code task} on {@code n} threads and sums their results; rethrows any failure. */
  static long runAll(int n, Task task) throws Exception {
    ExecutorService ex = Executors.newFixedThreadPool(n);
    try {
      List<Future<Long>> fs = new ArrayList<>();
      for (int i = 0; i < n; i++) {
        int index = i;
        fs.add(ex.submit(() -> task.run(index)));
      }
      long sum = 0;
      for (Future<Long> f : fs) sum += f.get(120, TimeUnit.SECONDS);
      return sum;
    } finally {
      ex.shutdownNow();
      assertTrue(ex.awaitTermination(30, TimeUnit.SECONDS));
      assertFalse(FA.inBlock());
    }
  }
}
