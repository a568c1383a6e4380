package org.jnvm.jpdt.collection;

import java.util.Map;
import java.util.Objects;

/**
 * A map entry handed out by iterators: the key and the value as read when the iterator reached it
 * (as {@code ConcurrentHashMap}'s entries are). {@link #setValue} writes through to the map.
 */
final class SnapshotEntry<K, V> implements Map.Entry<K, V> {
  private final Map<K, V> map;

  /** The address of the entry this was read from, for the iterator's remove. */
  final long entry;

  private final K key;
  private V value;

  SnapshotEntry(Map<K, V> map, long entry, K key, V value) {
    this.map = map;
    this.entry = entry;
    this.key = key;
    this.value = value;
  }

  @Override
  public K getKey() {
    return key;
  }

  @Override
  public V getValue() {
    return value;
  }

  /** Puts {@code v} for this key in the map (durable on return); returns the value seen before. */
  @Override
  public V setValue(V v) {
    Objects.requireNonNull(v, "value");
    V old = value;
    map.put(key, v);
    value = v;
    return old;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Map.Entry<?, ?> e
        && Objects.equals(key, e.getKey())
        && Objects.equals(value, e.getValue());
  }

  @Override
  public int hashCode() {
    return Objects.hashCode(key) ^ Objects.hashCode(value);
  }

  @Override
  public String toString() {
    return key + "=" + value;
  }
}
