package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PType;

/** The hash maps' header: its face is a {@link HashCore}, locked by stripes when concurrent. */
abstract class BaseHashMap<K, V> extends BaseMap<K, V> {
  final HashCore<K, V> core;

  /** Creates a map: header, empty directory, all durable; publish it to keep it. */
  BaseHashMap(
      Heap heap,
      PersistentClass<?> type,
      PType<K> keys,
      PType<V> values,
      int segmentSlots,
      int parts,
      boolean concurrent) {
    super(heap, type);
    core = HashCore.create(this, keys, values, segmentSlots, parts, concurrent);
    States.put(heap, offset(), type, core);
  }

  /** Resurrects a proxy: the shared state, rebuilt from persistent memory on first use. */
  BaseHashMap(
      Heap heap,
      long address,
      Resurrect r,
      PersistentClass<?> type,
      int parts,
      boolean concurrent) {
    super(heap, address, r);
    core = States.of(heap, offset(), type, () -> HashCore.open(this, parts, concurrent));
  }

  @Override
  final MapFace<K, V> face() {
    return core;
  }
}
