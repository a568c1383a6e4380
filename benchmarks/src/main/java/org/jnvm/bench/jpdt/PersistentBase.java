package org.jnvm.bench.jpdt;

import java.util.Map;
import org.jnvm.bench.recovery.SpaceCheck;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.core.heap.PObject;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/** A J-PDT map of {@code entries} records, published as a root, in its own heap in /dev/shm. */
@State(Scope.Thread)
public abstract class PersistentBase extends Workload {
  /**
   * Heap bytes per entry: the record (a 1024-byte slot), the key copy, the entry and its slot, with
   * room for the allocator's partly used chunks.
   */
  static final long BYTES_PER_ENTRY = 1536;

  static final long FIXED = 128L << 20;

  BenchHeap heap;
  Map<String, byte[]> map;

  abstract MapKind kind();

  @Setup(Level.Trial)
  public void build() {
    Gateway.requireHardwareBackend();
    makeWorkload();
    long size = FIXED + BYTES_PER_ENTRY * entries;
    SpaceCheck.require(BenchHeap.dir(), size, "the map heap: entries=" + entries);
    heap = BenchHeap.create("jpdt-" + kind().name().toLowerCase(java.util.Locale.ROOT), size);
    map = kind().persistent(heap.heap());
    heap.heap().roots().put("map", (PObject) map);
    for (int i = 0; i < entries; i++) map.put(keys[i], records[i & 1]);
  }

  @TearDown(Level.Trial)
  public void close() {
    map = null;
    if (heap != null) heap.close();
  }
}
