package org.jnvm.jpdt.collection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.concurrent.atomic.AtomicIntegerArray;
import org.junit.jupiter.api.Test;

class ParallelTest {

  @Test
  void everyTaskRunsOnceOnItsWorker() {
    AtomicIntegerArray ranBy = new AtomicIntegerArray(10);
    Parallel.run(10, 3, (w, t) -> ranBy.set(t, ranBy.get(t) * 10 + w + 1));
    for (int t = 0; t < 10; t++) assertEquals(t % 3 + 1, ranBy.get(t), "task " + t);
  }

  @Test
  void theFirstFailureIsRethrown() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                Parallel.run(
                    4,
                    2,
                    (w, t) -> {
                      if (t == 3) throw new IllegalStateException("task 3");
                    }));
    assertEquals("task 3", e.getMessage());
  }

  @Test
  void smallWorkStaysOnTheCallingThread() {
    assertEquals(1, Parallel.workersFor(Parallel.SERIAL_BELOW - 1));
  }
}
