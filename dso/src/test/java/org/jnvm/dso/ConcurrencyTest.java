package org.jnvm.dso;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.lib.CountDownLatch;
import org.jnvm.dso.lib.Counter;
import org.jnvm.dso.lib.CyclicBarrier;
import org.jnvm.dso.lib.Semaphore;
import org.jnvm.dso.lib.SharedFuture;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The library under concurrent callers, on one in-process node. */
class ConcurrencyTest {
  @RegisterExtension static final SingleNode NODE = new SingleNode("concurrency");

  private static DsoClient dso;
  private static ExecutorService pool;

  @BeforeAll
  static void connect() {
    dso = NODE.client();
    pool = Executors.newCachedThreadPool();
  }

  @AfterAll
  static void disconnect() {
    pool.shutdownNow();
    dso.close();
  }

  /** Runs {@code n} copies of {@code body} (given their index) at once and waits for all. */
  private static void parallel(int n, IntTask body) throws Exception {
    List<Future<?>> fs = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      int id = i;
      fs.add(
          pool.submit(
              () -> {
                body.run(id);
                return null;
              }));
    }
    for (Future<?> f : fs) {
      f.get(60, TimeUnit.SECONDS);
    }
  }

  interface IntTask {
    void run(int id) throws Exception;
  }

  @Test
  void counterGivesBackEachValueOnce() throws Exception {
    int n = 8;
    int k = 60;
    Counter c = dso.counter("hits", false);
    ConcurrentLinkedQueue<Long> seen = new ConcurrentLinkedQueue<>();
    parallel(
        n,
        id -> {
          for (int i = 0; i < k; i++) {
            seen.add(c.increment());
          }
        });
    Set<Long> distinct = new HashSet<>(seen);
    assertEquals(n * k, seen.size());
    assertEquals(n * k, distinct.size(), "a value was returned twice");
    for (long v = 1; v <= n * k; v++) {
      assertTrue(distinct.contains(v), "missing value " + v);
    }
    assertEquals(n * k, c.value());
    // The 8 callers shared one connection and read its replies themselves (leader/follower).
    assertTrue(
        Thread.getAllStackTraces().keySet().stream()
            .noneMatch(t -> t.getName().startsWith("dso-client-")),
        "the client runs no reader thread");
  }

  @Test
  void compareAndSetLoops() throws Exception {
    int n = 6;
    int k = 40;
    AtomicLong a = dso.atomicLong("cas", true, 0);
    AtomicInteger failures = new AtomicInteger();
    parallel(
        n,
        id -> {
          for (int i = 0; i < k; i++) {
            long v;
            do {
              v = a.get();
            } while (!a.compareAndSet(v, v + 1) && failures.incrementAndGet() > 0);
          }
        });
    assertEquals(n * k, a.get());
    assertFalse(a.compareAndSet(-1, 5));
  }

  @ParameterizedTest
  @ValueSource(ints = {3, 5, 7})
  void barrierOverManyRounds(int parties) throws Exception {
    int rounds = 15;
    CyclicBarrier b = dso.cyclicBarrier("barrier-" + parties, parties);
    Counter arrivals = dso.counter("arrivals-" + parties, false);
    ConcurrentLinkedQueue<String> errors = new ConcurrentLinkedQueue<>();
    parallel(
        parties,
        id -> {
          for (int r = 0; r < rounds; r++) {
            arrivals.increment();
            int index = b.await();
            long seen = arrivals.value();
            if (seen < (long) parties * (r + 1)) {
              errors.add(
                  "party " + id + " passed round " + r + " having seen " + seen + " arrivals");
            }
            if (index < 0 || index >= parties) {
              errors.add("arrival index " + index);
            }
            b.await();
          }
        });
    assertTrue(errors.isEmpty(), errors.toString());
    assertEquals(2L * rounds, b.generation());
    assertEquals(0, b.getNumberWaiting());
    assertEquals(0, NODE.node().parked(), "parked calls left on the node");
  }

  @Test
  void latchReleasesEveryWaiter() throws Exception {
    int waiters = 5;
    CountDownLatch latch = dso.countDownLatch("latch", 3);
    Counter released = dso.counter("released", false);
    List<Future<?>> fs = new ArrayList<>();
    for (int i = 0; i < waiters; i++) {
      fs.add(
          pool.submit(
              () -> {
                latch.await();
                return released.increment();
              }));
    }
    waitForParked(waiters);
    latch.countDown();
    latch.countDown();
    assertEquals(0, released.value(), "released before the count reached zero");
    latch.countDown();
    for (Future<?> f : fs) {
      f.get(30, TimeUnit.SECONDS);
    }
    assertEquals(waiters, released.value());
    assertEquals(0, latch.getCount());
    latch.await();
  }

  /**
   * A restart or a view change can lose the wake that tells a node its parked calls completed (the
   * cluster test once stranded a latch waiter that way); the sweep still answers them.
   */
  @Test
  void parkedCallsAreAnsweredWhenTheWakeIsLost() throws Exception {
    CountDownLatch latch = dso.countDownLatch("latch-no-wake", 1);
    NODE.node().dropWakes(true);
    try {
      Future<?> f =
          pool.submit(
              () -> {
                latch.await();
                return null;
              });
      waitForParked(1);
      latch.countDown();
      f.get(60, TimeUnit.SECONDS); // the sweep runs every 500 ms: a bound for a busy machine
      assertEquals(0, NODE.node().parked(), "a parked call was left behind");
    } finally {
      NODE.node().dropWakes(false);
    }
  }

  @Test
  void semaphoreBoundsConcurrency() throws Exception {
    int permits = 2;
    Semaphore s = dso.semaphore("sem", permits);
    AtomicLong inside = dso.atomicLong("inside", false, 0);
    AtomicLong maxInside = dso.atomicLong("maxInside", false, 0);
    parallel(
        6,
        id -> {
          for (int i = 0; i < 10; i++) {
            s.acquire();
            long now = inside.incrementAndGet();
            long m;
            do {
              m = maxInside.get();
            } while (now > m && !maxInside.compareAndSet(m, now));
            inside.decrementAndGet();
            s.release();
          }
        });
    assertTrue(maxInside.get() <= permits, "more than " + permits + " inside: " + maxInside.get());
    assertEquals(permits, s.availablePermits());
    assertFalse(dso.semaphore("sem0", 0).tryAcquire());
  }

  @Test
  void futureDeliversToEveryGetter() throws Exception {
    SharedFuture<String> f = dso.future("future");
    List<Future<String>> gets = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      gets.add(pool.submit(f::get));
    }
    waitForParked(4);
    assertFalse(f.isDone());
    assertTrue(f.complete("done"));
    assertFalse(f.complete("again"));
    for (Future<String> g : gets) {
      assertEquals("done", g.get(30, TimeUnit.SECONDS));
    }
    assertEquals("done", f.get());
  }

  @Test
  void parkedCallsHoldNoThread() throws Exception {
    int parties = 40;
    CyclicBarrier b = dso.cyclicBarrier("wide", parties);
    int before = Thread.activeCount();
    List<Future<?>> fs = new ArrayList<>();
    for (int i = 0; i < parties - 1; i++) {
      fs.add(pool.submit(b::await));
    }
    waitForParked(parties - 1);
    assertEquals(parties - 1, b.getNumberWaiting());
    int serverThreadsGrowth = Thread.activeCount() - before - (parties - 1);
    assertTrue(
        serverThreadsGrowth < 10, "threads grew by " + serverThreadsGrowth + " beyond the callers");
    assertEquals(0, b.await());
    for (Future<?> f : fs) {
      f.get(30, TimeUnit.SECONDS);
    }
  }

  private static void waitForParked(int n) throws InterruptedException {
    long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (NODE.node().parked() < n) {
      if (System.nanoTime() > end) {
        throw new AssertionError("only " + NODE.node().parked() + " of " + n + " calls parked");
      }
      Thread.sleep(10);
    }
  }
}
