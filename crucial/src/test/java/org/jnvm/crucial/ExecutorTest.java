package org.jnvm.crucial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import org.jnvm.crucial.backend.Backend;
import org.jnvm.crucial.backend.FunctionLostException;
import org.jnvm.crucial.backend.Invocation;
import org.jnvm.crucial.backend.TaskRunner;
import org.jnvm.crucial.backend.ThreadBackend;
import org.jnvm.dso.CallJournal;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.DsoException;
import org.jnvm.dso.lib.AtomicByteArray;
import org.jnvm.dso.lib.Counter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** ExecutorService semantics on the thread backend, retries through a flaky backend, journals. */
class ExecutorTest {
  private static DsoClient dso;

  @BeforeAll
  static void start() {
    dso = TestNode.client();
  }

  record Square(int x) implements Callable<Integer>, Serializable {
    @Override
    public Integer call() {
      return x * x;
    }
  }

  record Fails(String why) implements Callable<Integer>, Serializable {
    @Override
    public Integer call() {
      throw new IllegalStateException(why);
    }
  }

  /** Marks index i of a shared array: each index must be run exactly once. */
  record Mark(AtomicByteArray seen) implements IterativeTask {
    @Override
    public void run(long i) {
      seen.addAndGet((int) i, (byte) 1);
    }
  }

  @Test
  void submitInvokeAllInvokeAnyAndShutdown() throws Exception {
    ServerlessExecutorService se = new ServerlessExecutorService(new ThreadBackend(4));
    assertEquals(49, se.submit(new Square(7)).get());
    List<Callable<Integer>> tasks = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      tasks.add(new Square(i));
    }
    int sum = 0;
    for (Future<Integer> f : se.invokeAll(tasks)) {
      sum += f.get();
    }
    assertEquals(285, sum);
    assertEquals(9, se.invokeAny(List.of(new Fails("a"), new Square(3))));
    ExecutionException e =
        assertThrows(ExecutionException.class, () -> se.submit(new Fails("boom")).get());
    assertInstanceOf(IllegalStateException.class, e.getCause());
    assertEquals("boom", e.getCause().getMessage());
    se.shutdown();
    assertTrue(se.awaitTermination(10, TimeUnit.SECONDS));
    assertTrue(se.isTerminated());
    assertThrows(RejectedExecutionException.class, () -> se.submit(new Square(1)));
  }

  @Test
  void aTaskThatCannotTravelIsRefusedWithItsClass() {
    ServerlessExecutorService se = new ServerlessExecutorService(new ThreadBackend(1));
    Runnable notSerializable = () -> {};
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> se.submit(notSerializable));
    assertTrue(e.getMessage().contains("not Serializable"), e.getMessage());
    se.shutdown();
  }

  @Test
  void parallelForRunsEveryIndexOnce() throws Exception {
    ServerlessExecutorService se = new ServerlessExecutorService(new ThreadBackend(4));
    AtomicByteArray seen = dso.atomicByteArray("pfor-" + System.nanoTime(), false, 103);
    se.invokeIterativeTask(new Mark(seen), 7, 0, 103);
    byte[] all = seen.toArray();
    for (int i = 0; i < all.length; i++) {
      assertEquals(1, all[i], "index " + i);
    }
    se.shutdown();
  }

  @Test
  void cloudThreadsJoinLikeThreadsAndKeepTheirFailure() throws Exception {
    ServerlessExecutorService se = new ServerlessExecutorService(new ThreadBackend(3));
    Counter c = dso.counter("cloud-threads-" + System.nanoTime(), false);
    List<CloudThread> ts = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      ts.add(new CloudThread(se, (Runnable & Serializable) () -> c.add(5)));
    }
    CloudThread bad =
        new CloudThread(
            se,
            (Runnable & Serializable)
                () -> {
                  throw new IllegalArgumentException("bad thread");
                });
    bad.setUncaughtExceptionHandler((t, e) -> {});
    ts.forEach(Thread::start);
    bad.start();
    for (CloudThread t : ts) {
      t.join();
      assertEquals(null, t.failure());
    }
    bad.join();
    assertFalse(bad.isAlive());
    assertEquals("bad thread", bad.failure().getMessage());
    assertEquals(15, c.value());
    se.shutdown();
  }

  /**
   * A backend that loses the first attempt of every task after it ran (the reply is lost, as when
   * an instance dies after its last call): the re-run answers every call from the journal, so the
   * counter sees each increment once.
   */
  @Test
  void aLostAttemptIsRerunWithoutReapplyingItsCalls() throws Exception {
    ThreadBackend threads = new ThreadBackend(2);
    Backend flaky =
        new Backend() {
          @Override
          public CompletableFuture<byte[]> invoke(Invocation inv) {
            CompletableFuture<byte[]> f = threads.invoke(inv);
            return inv.attempt() > 1
                ? f
                : f.thenApply(
                    b -> {
                      throw new FunctionLostException("lost the reply", null);
                    });
          }

          @Override
          public int parallelism() {
            return 2;
          }

          @Override
          public void close() {
            threads.close();
          }
        };
    ServerlessExecutorService se = new ServerlessExecutorService(flaky);
    Counter c = dso.counter("flaky-" + System.nanoTime(), true);
    org.jnvm.dso.lib.AtomicLong pid = dso.atomicLong("flaky-pid-" + System.nanoTime(), false, 0);
    List<Long> got = se.submit(new SlowIncrements(c, pid, 20, 0)).get(60, TimeUnit.SECONDS);
    assertEquals(java.util.stream.LongStream.rangeClosed(1, 20).boxed().toList(), got);
    assertEquals(20, c.value());
    assertEquals(1, se.retries());
    se.shutdown();
  }

  /** A re-run that makes another call than the first attempt did is refused, naming both. */
  @Test
  void aNonDeterministicRerunIsDetected() {
    Counter a = dso.counter("nd-a", false);
    CallJournal j = new org.jnvm.crucial.backend.TaskJournal();
    byte[] first = TaskRunner.encode((Callable<Long> & Serializable) a::increment, "task");
    TaskRunner.decode(TaskRunner.run(first, j));
    Counter b = dso.counter("nd-b", false);
    byte[] other = TaskRunner.encode((Callable<Long> & Serializable) b::increment, "task");
    org.jnvm.crucial.backend.TaskResult r =
        (org.jnvm.crucial.backend.TaskResult) TaskRunner.decode(TaskRunner.run(other, j));
    assertInstanceOf(DsoException.class, r.error());
    assertTrue(r.error().getMessage().contains("not deterministic"), r.error().getMessage());
    assertTrue(r.error().getMessage().contains("nd-a"), r.error().getMessage());
  }
}
