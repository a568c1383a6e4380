package org.jnvm.bench.alloc;

import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Cell;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.RefArray;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A ring of {@value #SLOTS} persistent reference slots (a published {@link RefArray}) that new
 * cells are published into, and the proxies of the cells they hold, so that the cell a slot drops
 * can be freed: the heap stays at a steady state however long the benchmark runs.
 */
@State(Scope.Thread)
public class AllocState {
  static final int SLOTS = 1024;
  static final int MASK = SLOTS - 1;

  BenchHeap heap;
  RefArray slots;
  final Cell[] live = new Cell[SLOTS];

  /** Operations so far: the next cell's value; its slot is this modulo the ring size. */
  long next;

  @Setup(Level.Trial)
  public void openHeap() {
    Gateway.requireHardwareBackend();
    heap = BenchHeap.create("alloc", 16 << 20);
    slots = new RefArray(heap.heap(), SLOTS);
    slots.persist();
    heap.heap().roots().put("slots", slots);
  }

  @TearDown(Level.Trial)
  public void closeHeap() {
    if (heap != null) heap.close();
  }
}
