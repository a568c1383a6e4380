package org.jnvm.jpdt.collection;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PType;

/**
 * The persistent face shared by every J-PDT map: a map header object ({@link MapLayout}) whose
 * every {@link Map} call goes to one volatile {@link MapFace}, shared by all the header's proxies
 * (found through {@link States}). Subclasses build that face and add their own API (typing,
 * navigation).
 */
abstract class BaseMap<K, V> extends PObject implements Map<K, V> {
  /** Slots per segment by default: a segment object is then exactly 2 KiB. */
  static final int DEFAULT_SEGMENT_SLOTS = 255;

  /** A new header: the subclass builds its face right after. */
  BaseMap(Heap heap, PersistentClass<?> type) {
    super(heap, type);
  }

  /** A resurrected header's proxy. */
  BaseMap(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /** The map every call goes to. */
  abstract MapFace<K, V> face();

  /** The type of the keys, as recorded in the map. */
  @SuppressWarnings("unchecked")
  public PType<K> keyType() {
    return (PType<K>) face().keyType();
  }

  /** The type of the values, as recorded in the map. */
  @SuppressWarnings("unchecked")
  public PType<V> valueType() {
    return (PType<V>) face().valueType();
  }

  /** What the persistent store holds: entries, segments, free slots. */
  public StorageStats storageStats() {
    return face().stats();
  }

  /**
   * Checks that the map's recorded types are {@code keys} and {@code values}, for {@code typed}.
   *
   * @throws ClassCastException if it holds other types
   */
  final void requireTypes(PType<?> keys, PType<?> values) {
    PType<?> k = face().keyType();
    PType<?> v = face().valueType();
    if (keys != k || values != v) {
      throw new ClassCastException(
          "map "
              + super.toString()
              + " holds "
              + k.name()
              + " -> "
              + v.name()
              + ", not "
              + keys.name()
              + " -> "
              + values.name());
    }
  }

  @Override
  public int size() {
    return face().size();
  }

  @Override
  public boolean isEmpty() {
    return face().isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return face().containsKey(key);
  }

  @Override
  public boolean containsValue(Object value) {
    return face().containsValue(value);
  }

  @Override
  public V get(Object key) {
    return face().get(key);
  }

  @Override
  public V put(K key, V value) {
    return face().put(key, value);
  }

  /**
   * Maps {@code key} to {@code value} as {@link #put} does, durable on return, but without
   * returning the value it replaces: a replaced value of a copying type is freed without being
   * read, where put copies it into a volatile object first (a 1 KB value: a 1 KB read and
   * allocation saved). {@code putAll} goes this way too.
   *
   * @return true if the key was absent (a new entry), false if its value was replaced
   */
  public boolean set(K key, V value) {
    return face().set(key, value);
  }

  @Override
  public V remove(Object key) {
    return face().remove(key);
  }

  /** Each mapping of {@code m} by {@link #set}: no old value is copied out. */
  @Override
  public void putAll(Map<? extends K, ? extends V> m) {
    face().putAll(m);
  }

  /** Empties the map atomically: one durable store (see {@link EntryStore#clear}). */
  @Override
  public void clear() {
    face().clear();
  }

  /**
   * Frees this map and everything it owns (entries, the keys and values it copied, segments,
   * directory), now rather than at the next recovery. The caller has made it unreachable durably,
   * as for {@link org.jnvm.core.heap.Heap#free}; its proxies must not be used afterwards. Inside a
   * failure-atomic block the frees happen when the block commits.
   */
  public void freeDeep() {
    face().freeDeep(this);
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return face().putIfAbsent(key, value);
  }

  @Override
  public boolean remove(Object key, Object value) {
    return face().remove(key, value);
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    return face().replace(key, oldValue, newValue);
  }

  @Override
  public V replace(K key, V value) {
    return face().replace(key, value);
  }

  @Override
  public Set<K> keySet() {
    return face().keySet();
  }

  @Override
  public Collection<V> values() {
    return face().values();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return face().entrySet();
  }

  /** Map equality ({@link Map#equals}): same mappings, whatever the map's class. */
  @Override
  public boolean equals(Object o) {
    return o == this || face().equals(o);
  }

  @Override
  public int hashCode() {
    return face().hashCode();
  }

  /** The mappings (in key order for an ordered map), as {@code AbstractMap} prints them. */
  @Override
  public String toString() {
    return face().toString();
  }
}
