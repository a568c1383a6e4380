package org.jnvm.bench.proxy;

import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * Two cells of {@link EvolvedCell} in one heap: {@code migrated} was written as version 1 and
 * converted by {@code Heap.migrate}; {@code created} was created as version 2. Both are read
 * through the same proxy class. Non-final fields, read on every invocation, as in {@link
 * ProxyState}.
 */
@State(Scope.Thread)
public class EvolvedState {
  BenchHeap heap;
  EvolvedCell migrated;
  EvolvedCell created;

  @Setup(Level.Trial)
  public void openHeap() {
    Gateway.requireHardwareBackend();
    heap = BenchHeap.create("evolved", 4 << 20);
    EvolvedCell.V1 old = new EvolvedCell.V1(heap.heap(), 42);
    old.persist();
    heap.heap().roots().put("migrated", old);
    long converted = heap.heap().migrate(EvolvedCell.TYPE);
    if (converted != 1) throw new IllegalStateException("expected 1 object migrated: " + converted);
    migrated = heap.heap().roots().get("migrated");
    created = new EvolvedCell(heap.heap(), 42);
    if (migrated.value() != 42 || created.value() != 42) {
      throw new IllegalStateException(
          "values after migration: migrated=" + migrated.value() + " created=" + created.value());
    }
  }

  @TearDown(Level.Trial)
  public void closeHeap() {
    if (heap != null) heap.close();
  }
}
