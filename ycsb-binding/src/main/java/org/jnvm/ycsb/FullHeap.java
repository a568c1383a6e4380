package org.jnvm.ycsb;

import java.util.concurrent.atomic.AtomicBoolean;
import org.jnvm.core.heap.HeapFullException;
import site.ycsb.Status;

/**
 * A full heap is an operation that failed, not a client thread that dies: the bindings turn a
 * {@link HeapFullException} (alone or wrapped, as Infinispan wraps its store's exceptions) into
 * {@code Status.ERROR}-class status carrying the message, printed once on stderr so that the stock
 * client's summary is not the only trace. Any other exception is rethrown.
 */
public final class FullHeap {
  private static final AtomicBoolean REPORTED = new AtomicBoolean();

  private FullHeap() {}

  /** The status for {@code e} if a full heap caused it; otherwise rethrows {@code e}. */
  public static Status status(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof HeapFullException full) {
        if (REPORTED.compareAndSet(false, true)) {
          System.err.println("[jnvm] " + full.getMessage());
        }
        return new Status("ERROR", full.getMessage());
      }
    }
    throw e;
  }
}
