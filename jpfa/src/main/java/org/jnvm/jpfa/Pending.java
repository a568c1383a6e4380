package org.jnvm.jpfa;

import java.util.Arrays;

/**
 * The logs whose truncation one fence makes durable: captured (log, epoch) pairs, so that after the
 * fence each log's {@link ThreadLog#pending} is cleared only if it still names the same block.
 * Reused by one thread across fences.
 */
final class Pending {
  private ThreadLog[] logs = new ThreadLog[4];
  private long[] epochs = new long[4];
  private int size;

  void add(ThreadLog log, long epoch) {
    if (size == logs.length) {
      logs = Arrays.copyOf(logs, 2 * size);
      epochs = Arrays.copyOf(epochs, 2 * size);
    }
    logs[size] = log;
    epochs[size++] = epoch;
  }

  /** Called after the fence: the captured truncations are durable. */
  void durable() {
    for (int i = 0; i < size; i++) {
      logs[i].pending.compareAndSet(epochs[i], 0);
      logs[i] = null;
    }
    size = 0;
  }

  int size() {
    return size;
  }
}
