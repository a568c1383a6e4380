package org.jnvm.bench.jpdt;

import java.util.Map;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A J-PDT map of {@code entries} records, published as a root, in its own heap in /dev/shm. */
@State(Scope.Thread)
public abstract class PersistentBase extends Workload {
  BenchHeap heap;
  Map<String, byte[]> map;

  abstract MapKind kind();

  @Setup(Level.Trial)
  public void build() {
    Gateway.requireHardwareBackend();
    makeWorkload();
    heap = fillPersistent(kind(), kind().name().toLowerCase(java.util.Locale.ROOT));
    map = heap.heap().roots().get("map");
  }

  @TearDown(Level.Trial)
  public void close() {
    map = null;
    if (heap != null) heap.close();
  }
}
