package org.jnvm.infinispan;

import java.util.Map;
import java.util.function.BiConsumer;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.collection.PConcurrentHashMap;

/**
 * Format 1's segment index: a J-PDT concurrent map from stored key objects ({@link StoreKeyType})
 * to records, whose volatile index is rebuilt when it is resurrected. Still written by J-PFA mode
 * and by J-PDT stores created in format 1.
 */
final class MapIndex implements EntryIndex {
  private final PConcurrentHashMap<Object, PObject> map;

  MapIndex(PConcurrentHashMap<Object, PObject> map) {
    this.map = map;
  }

  @Override
  public PObject get(KeyForm key) {
    return map.get(key);
  }

  @Override
  public PObject put(KeyForm key, PObject record) {
    return map.put(key, record);
  }

  @Override
  public PObject putUnfenced(KeyForm key, PObject record) {
    return map.putUnfenced(key, record);
  }

  @Override
  public PObject remove(KeyForm key) {
    return map.remove(key);
  }

  @Override
  public long size() {
    return map.size();
  }

  @Override
  public void clear() {
    map.clear();
  }

  @Override
  public void forEach(BiConsumer<Object, PObject> action) {
    for (Map.Entry<Object, PObject> e : map.entrySet())
      action.accept(rawKey(e.getKey()), e.getValue());
  }

  /** Marshalled bytes of a blob (copied: the blob may be freed later), else the J-NVM key. */
  static Object rawKey(Object stored) {
    if (stored instanceof StringKey k) return k.toString();
    return stored instanceof Blob b ? b.toArray() : stored;
  }
}
