package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class WorkersTest {
  @Test
  void aFailingWorkerIsRethrownAfterEveryWorkerEnded() {
    AtomicInteger ended = new AtomicInteger();
    IllegalStateException boom = new IllegalStateException("worker 1 failed");
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                Workers.run(
                    3,
                    "test-worker",
                    i -> {
                      ended.incrementAndGet();
                      if (i == 1) throw boom;
                    }));
    assertSame(boom, e);
    assertEquals(3, ended.get());
  }

  @Test
  void oneWorkerRunsOnTheCallingThread() {
    Thread[] seen = new Thread[1];
    Workers.run(1, "test-worker", i -> seen[0] = Thread.currentThread());
    assertSame(Thread.currentThread(), seen[0]);
  }
}
