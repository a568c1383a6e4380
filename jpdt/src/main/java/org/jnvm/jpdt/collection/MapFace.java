package org.jnvm.jpdt.collection;

import java.util.Map;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PType;

/**
 * The volatile map a persistent map's header delegates every call to ({@link BaseMap}): {@link
 * HashCore} for the hash maps, the root {@link OrderedView} for {@link PSkipListMap}. It is the map
 * itself plus what {@link Map} lacks.
 */
interface MapFace<K, V> extends Map<K, V> {
  /** {@link #put} without reading the old value: true if the key was absent. */
  boolean set(K key, V value);

  /** What the persistent store holds. */
  StorageStats stats();

  /** Frees the map and all it owns; {@code header} is the map's persistent header. */
  void freeDeep(PObject header);

  /** The key type recorded in the map. */
  PType<Object> keyType();

  /** The value type recorded in the map. */
  PType<Object> valueType();
}
