package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;

/** What jpfa itself keeps in a heap, for tests in other packages that count live objects. */
public final class LogProbe {
  private LogProbe() {}

  /**
   * Objects jpfa keeps live: each log's header and segments, the name of the hidden root and the
   * registry entries of its two classes; 0 if no block ever ran.
   */
  public static long liveObjects(Heap heap) {
    ThreadLog[] logs = HeapLogs.of(heap).all();
    if (logs.length == 0) return 0;
    long n = 3;
    for (ThreadLog l : logs) n += 1 + l.segmentCount();
    return n;
  }
}
