package org.jnvm.bench.gateway;

import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** One thread's block of {@value LineBlock#LINES} lines in a fresh heap in /dev/shm. */
@State(Scope.Thread)
public class LineState {
  BenchHeap heap;

  /** An address in the block's first line. */
  long line0;

  /** The next value to store: never the same twice in a row, like real updates. */
  long value;

  @Setup(Level.Trial)
  public void openHeap() {
    Gateway.requireHardwareBackend();
    heap = BenchHeap.create("gateway", 4 << 20);
    LineBlock block = new LineBlock(heap.heap());
    block.persist();
    line0 = block.lineAddress(0);
  }

  @TearDown(Level.Trial)
  public void closeHeap() {
    if (heap != null) heap.close();
  }

  /**
   * Stores {@code v} into each of {@code lines} lines from {@code base} and writes each back after
   * its store, with no fence: the batched update the gateway benchmarks time.
   */
  static void storeEachLine(long base, int lines, long v) {
    for (int i = 0; i < lines; i++) {
      long a = base + (long) i * Pmem.LINE;
      Pmem.putLong(a, v);
      Pmem.pwb(a);
    }
  }
}
