package org.jnvm.crucial;

import java.io.Serializable;
import java.util.concurrent.Callable;

/** One worker's share of a parallel for: indices {@code [from, to)} in order. */
record IterativeChunk(IterativeTask task, long from, long to)
    implements Callable<Long>, Serializable {
  private static final long serialVersionUID = 1L;

  @Override
  public Long call() {
    for (long i = from; i < to; i++) {
      task.run(i);
    }
    return to - from;
  }
}
