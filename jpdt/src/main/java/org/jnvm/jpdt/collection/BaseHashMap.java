package org.jnvm.jpdt.collection;

import java.util.Collection;
import java.util.Map;
import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PType;

/**
 * The persistent face shared by the hash maps: a map header object ({@link MapLayout}) whose every
 * proxy delegates to one {@link HashCore}, found through {@link States}.
 */
abstract class BaseHashMap<K, V> extends PObject implements Map<K, V> {
  /** Slots per segment by default: a segment object is then exactly 2 KiB. */
  static final int DEFAULT_SEGMENT_SLOTS = 255;

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
    core = HashCore.create(this, keys, values, segmentSlots, parts, guard(parts, concurrent));
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
    core =
        States.of(heap, offset(), type, () -> HashCore.open(this, parts, guard(parts, concurrent)));
  }

  private static Guard guard(int parts, boolean concurrent) {
    return concurrent ? Guard.striped(parts) : Guard.none();
  }

  /** The type of the keys, as recorded in the map. */
  @SuppressWarnings("unchecked")
  public PType<K> keyType() {
    return (PType<K>) core.keys;
  }

  /** The type of the values, as recorded in the map. */
  @SuppressWarnings("unchecked")
  public PType<V> valueType() {
    return (PType<V>) core.values;
  }

  /** What the persistent store holds: entries, segments, free slots. */
  public StorageStats storageStats() {
    return core.stats();
  }

  /** Checks that the map's recorded types are {@code keys} and {@code values}. */
  void requireTypes(PType<?> keys, PType<?> values) {
    if (keys != core.keys || values != core.values) {
      throw new ClassCastException(
          "map "
              + super.toString()
              + " holds "
              + core.keys.name()
              + " -> "
              + core.values.name()
              + ", not "
              + keys.name()
              + " -> "
              + values.name());
    }
  }

  @Override
  public int size() {
    return core.size();
  }

  @Override
  public boolean isEmpty() {
    return core.isEmpty();
  }

  @Override
  public boolean containsKey(Object key) {
    return core.containsKey(key);
  }

  @Override
  public boolean containsValue(Object value) {
    return core.containsValue(value);
  }

  @Override
  public V get(Object key) {
    return core.get(key);
  }

  @Override
  public V put(K key, V value) {
    return core.put(key, value);
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
    return core.set(key, value);
  }

  @Override
  public V remove(Object key) {
    return core.remove(key);
  }

  @Override
  public void putAll(Map<? extends K, ? extends V> m) {
    core.putAll(m);
  }

  @Override
  public void clear() {
    core.clear();
  }

  /**
   * Frees this map and everything it owns (entries, the keys and values it copied, segments,
   * directory), now rather than at the next recovery. The caller has made it unreachable durably,
   * as for {@link org.jnvm.core.heap.Heap#free}; its proxies must not be used afterwards. Inside a
   * failure-atomic block the frees happen when the block commits.
   */
  public void freeDeep() {
    core.freeDeep(this);
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return core.putIfAbsent(key, value);
  }

  @Override
  public boolean remove(Object key, Object value) {
    return core.remove(key, value);
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    return core.replace(key, oldValue, newValue);
  }

  @Override
  public V replace(K key, V value) {
    return core.replace(key, value);
  }

  @Override
  public Set<K> keySet() {
    return core.keySet();
  }

  @Override
  public Collection<V> values() {
    return core.values();
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return core.entrySet();
  }

  /** Map equality ({@link Map#equals}): same mappings, whatever the map's class. */
  @Override
  public boolean equals(Object o) {
    return o == this || core.equals(o);
  }

  @Override
  public int hashCode() {
    return core.hashCode();
  }

  /** The mappings, as {@code AbstractMap} prints them. */
  @Override
  public String toString() {
    return core.toString();
  }
}
