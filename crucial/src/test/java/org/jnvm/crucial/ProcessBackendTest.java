package org.jnvm.crucial;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.LongStream;
import org.jnvm.crucial.apps.Mandelbrot;
import org.jnvm.crucial.apps.MandelbrotImage;
import org.jnvm.crucial.backend.ProcessBackend;
import org.jnvm.dso.DsoClient;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.lib.Counter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Functions in forked worker JVMs: where they run, and a worker SIGKILLed mid-task. */
class ProcessBackendTest {
  private static DsoClient dso;
  private static ProcessBackend backend;
  private static ServerlessExecutorService se;

  @BeforeAll
  static void start() {
    dso = TestNode.client();
    backend =
        ProcessBackend.builder()
            .workers(2)
            .servers(TestNode.endpoint())
            .types(MandelbrotImage.class)
            .start();
    se = new ServerlessExecutorService(backend);
  }

  @AfterAll
  static void stop() throws InterruptedException {
    if (se != null) {
      se.shutdown();
      se.awaitTermination(30, TimeUnit.SECONDS);
    }
  }

  /** Returns the pid of the JVM it runs in. */
  record WhereAmI(long pauseMs) implements Callable<Long>, Serializable {
    @Override
    public Long call() throws InterruptedException {
      Thread.sleep(pauseMs);
      return ProcessHandle.current().pid();
    }
  }

  @Test
  void tasksRunInOtherProcesses() throws Exception {
    List<Callable<Long>> tasks = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      tasks.add(new WhereAmI(300));
    }
    Set<Long> pids = new HashSet<>();
    for (Future<Long> f : se.invokeAll(tasks)) {
      pids.add(f.get());
    }
    assertTrue(!pids.contains(ProcessHandle.current().pid()), "a task ran in the driver");
    assertEquals(2, pids.size(), "4 slow tasks on 2 workers should use both: " + pids);
  }

  /**
   * The worker running a task is SIGKILLed a third of the way through its 60 increments; the task
   * runs again on a fresh worker with the same journal: the counter ends at exactly 60 and the
   * task's result is exactly 1..60, as if it had run once.
   */
  @Test
  void workerKilledMidTaskIsRetriedExactlyOnce() throws Exception {
    int n = 60;
    Counter c = dso.counter("killed-mid-task", true);
    AtomicLong pid = dso.atomicLong("killed-mid-task-pid", true, 0);
    long retriesBefore = se.retries();
    Future<List<Long>> f = se.submit(new SlowIncrements(c, pid, n, 25));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (c.value() < n / 3 && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
    long victim = pid.get();
    assertTrue(victim > 0 && c.value() >= n / 3 && c.value() < n, "task did not get under way");
    assertNotEquals(ProcessHandle.current().pid(), victim);
    ProcessHandle.of(victim).orElseThrow().destroyForcibly();
    List<Long> got = f.get(120, TimeUnit.SECONDS);
    assertEquals(LongStream.rangeClosed(1, n).boxed().toList(), got);
    assertEquals(n, c.value(), "an increment was applied twice or lost");
    assertEquals(retriesBefore + 1, se.retries());
    assertTrue(backend.workersStarted() >= 3, "the dead worker was not replaced");
  }

  /** The shared image (a generated subclass proxy) travels to the workers as a reference. */
  @Test
  void mandelbrotOnWorkerJvms() throws Exception {
    int w = 64;
    int h = 48;
    MandelbrotImage img = new Mandelbrot(w, h, 60).compute(dso, se, 3);
    assertEquals(h, img.rowsWritten());
    byte[] px = img.pixels();
    for (int row = 0; row < h; row++) {
      assertEquals(
          java.util.Arrays.toString(Mandelbrot.row(row, w, h, 60)),
          java.util.Arrays.toString(java.util.Arrays.copyOfRange(px, row * w, (row + 1) * w)),
          "row " + row);
    }
  }
}
