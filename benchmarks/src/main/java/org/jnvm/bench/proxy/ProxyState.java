package org.jnvm.bench.proxy;

import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Cell;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.PlainCell;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A published persistent cell and its plain twin. Both are non-final fields of a state object, read
 * on every invocation, so the JIT cannot fold either field read into a constant.
 */
@State(Scope.Thread)
public class ProxyState {
  BenchHeap heap;
  Cell cell;
  PlainCell plain;

  /** The next value to write, same sequence for both sides. */
  long value;

  @Setup(Level.Trial)
  public void openHeap() {
    Gateway.requireHardwareBackend();
    heap = BenchHeap.create("proxy", 4 << 20);
    cell = new Cell(heap.heap(), 42);
    cell.persist();
    heap.heap().roots().put("cell", cell);
    plain = new PlainCell(42);
  }

  @TearDown(Level.Trial)
  public void closeHeap() {
    if (heap != null) heap.close();
  }
}
