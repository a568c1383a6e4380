package org.jnvm.bench.jpdt;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.PTypes;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;

/** A J-PDT map and its java.util twin, both from String keys to byte[] records. */
public enum MapKind {
  HASH {
    @Override
    Map<String, byte[]> persistent(Heap heap) {
      return new PHashMap<>(heap, PTypes.strings(), PTypes.bytes());
    }

    @Override
    Map<String, byte[]> twin() {
      return new HashMap<>();
    }
  },
  CONCURRENT {
    @Override
    Map<String, byte[]> persistent(Heap heap) {
      return new PConcurrentHashMap<>(heap, PTypes.strings(), PTypes.bytes());
    }

    @Override
    Map<String, byte[]> twin() {
      return new ConcurrentHashMap<>();
    }
  },
  SKIPLIST {
    @Override
    Map<String, byte[]> persistent(Heap heap) {
      return new PSkipListMap<>(heap, PTypes.strings(), PTypes.bytes());
    }

    @Override
    Map<String, byte[]> twin() {
      return new ConcurrentSkipListMap<>();
    }
  };

  /** An empty persistent map in {@code heap}, durable; the caller publishes it. */
  abstract Map<String, byte[]> persistent(Heap heap);

  /** An empty java.util twin. Not presized, as the persistent map is not. */
  abstract Map<String, byte[]> twin();

  /** The J-PDT maps' put without the old value ({@code set}). */
  static boolean set(Map<String, byte[]> persistent, String key, byte[] value) {
    if (persistent instanceof PSkipListMap<String, byte[]> m) return m.set(key, value);
    if (persistent instanceof PHashMap<String, byte[]> m) return m.set(key, value);
    return ((PConcurrentHashMap<String, byte[]>) persistent).set(key, value);
  }
}
