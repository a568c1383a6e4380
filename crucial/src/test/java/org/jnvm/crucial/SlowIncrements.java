package org.jnvm.crucial;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.jnvm.dso.lib.AtomicLong;
import org.jnvm.dso.lib.Counter;

/**
 * A task that publishes its process id, then increments a persistent counter n times, pausing
 * between calls (so that a test can kill its process mid-way), and returns the values it got.
 */
record SlowIncrements(Counter counter, AtomicLong pid, int n, long pauseMs)
    implements Callable<List<Long>>, Serializable {
  @Override
  public List<Long> call() throws InterruptedException {
    pid.set(ProcessHandle.current().pid());
    List<Long> got = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      got.add(counter.increment());
      Thread.sleep(pauseMs);
    }
    return got;
  }
}
