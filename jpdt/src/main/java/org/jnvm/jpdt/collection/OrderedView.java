package org.jnvm.jpdt.collection;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.Comparator;
import java.util.Iterator;
import java.util.Map;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.function.Function;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PType;
import org.jnvm.jpdt.collection.OrderedCore.Mode;

/**
 * An ordered map view over a range of {@link OrderedCore}'s skip list: the whole map, or a sub-,
 * head-, tail- or descending view. Ranges, directions and navigation are the skip list's own views
 * (so their semantics are {@code ConcurrentSkipListMap}'s); this class turns sort keys and handles
 * into the map's keys and values, and sends every change through the core, which makes it durable
 * before the skip list sees it.
 *
 * <p>A put out of a view's range throws {@link IllegalArgumentException}; a lookup or removal out
 * of range finds nothing. Entries returned by navigation methods are immutable snapshots; entries
 * returned by iterators are snapshots whose {@code setValue} writes through.
 */
final class OrderedView<K, V> extends AbstractMap<K, V>
    implements ConcurrentNavigableMap<K, V>, MapFace<K, V> {
  private final OrderedCore<K, V> core;
  private final ConcurrentNavigableMap<Object, Cell> view;
  private final boolean bounded;
  private final Views views = new Views();

  OrderedView(OrderedCore<K, V> core, ConcurrentNavigableMap<Object, Cell> view, boolean bounded) {
    this.core = core;
    this.view = view;
    this.bounded = bounded;
  }

  // ---- keys and ranges ---------------------------------------------------------------------

  /**
   * True if {@code sk} lies in this view's range. The skip list's views refuse, with {@link
   * IllegalArgumentException}, a sub-view whose bounds leave their range: that is the test.
   */
  private boolean inRange(Object sk) {
    if (!bounded) return true;
    try {
      view.subMap(sk, true, sk, true);
      return true;
    } catch (IllegalArgumentException outside) {
      return false;
    }
  }

  /** The sort key of a key to store: of the key type, and in range. */
  private Object storable(Object key) {
    Object sk = core.sortKey(key);
    if (!inRange(sk)) throw new IllegalArgumentException("key out of range: " + key);
    return sk;
  }

  /** The sort key of a key to look up, or null if no key of this view can be equivalent. */
  private Object lookup(Object key) {
    Objects.requireNonNull(key, "key");
    if (!core.keys.accepts(key)) return null;
    Object sk = core.keys.sortKey(key);
    return inRange(sk) ? sk : null;
  }

  // ---- map ---------------------------------------------------------------------------------

  @Override
  public int size() {
    return bounded ? view.size() : (int) Math.min(Integer.MAX_VALUE, core.size());
  }

  @Override
  public boolean isEmpty() {
    return bounded ? view.isEmpty() : core.size() == 0;
  }

  @Override
  public V get(Object key) {
    Object sk = lookup(key);
    return sk == null ? null : core.get(view, sk);
  }

  @Override
  public boolean containsKey(Object key) {
    Object sk = lookup(key);
    return sk != null && core.contains(view, sk);
  }

  @Override
  public boolean containsValue(Object value) {
    Objects.requireNonNull(value, "value");
    for (Entry<Object, Cell> e : view.entrySet()) {
      if (core.valueMatches(e.getKey(), e.getValue(), value)) return true;
    }
    return false;
  }

  @Override
  public V put(K key, V value) {
    return OrderedCore.cast(core.update(storable(key), key, value, Mode.PUT));
  }

  /** {@link #put} without the old value: true if the key was absent. */
  @Override
  public boolean set(K key, V value) {
    return core.update(storable(key), key, value, Mode.SET) == null;
  }

  /** Each mapping of {@code m} by {@link #set}: no old value is copied out. */
  @Override
  public void putAll(Map<? extends K, ? extends V> m) {
    for (Entry<? extends K, ? extends V> e : m.entrySet()) set(e.getKey(), e.getValue());
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return OrderedCore.cast(core.update(storable(key), key, value, Mode.IF_ABSENT));
  }

  @Override
  public V replace(K key, V value) {
    Object sk = lookup(key);
    Objects.requireNonNull(value, "value");
    return sk == null ? null : OrderedCore.cast(core.update(sk, key, value, Mode.REPLACE));
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    Object sk = lookup(key);
    Objects.requireNonNull(oldValue, "oldValue");
    Objects.requireNonNull(newValue, "newValue");
    return sk != null && core.replace(sk, oldValue, newValue);
  }

  @Override
  public V remove(Object key) {
    Object sk = lookup(key);
    return sk == null ? null : core.remove(sk, 0, null);
  }

  @Override
  public boolean remove(Object key, Object value) {
    Object sk = lookup(key);
    return sk != null && value != null && core.remove(sk, 0, value) != null;
  }

  /** The whole map: atomically. A range: key by key, as a sequence of removals. */
  @Override
  public void clear() {
    if (!bounded) {
      core.clear();
      return;
    }
    for (Entry<Object, Cell> e : view.entrySet()) core.remove(e.getKey(), e.getValue().entry, null);
  }

  @Override
  public StorageStats stats() {
    return core.stats();
  }

  @Override
  public void freeDeep(PObject header) {
    core.freeDeep(header);
  }

  @Override
  public PType<Object> keyType() {
    return core.keys;
  }

  @Override
  public PType<Object> valueType() {
    return core.values;
  }

  // ---- navigation --------------------------------------------------------------------------

  /** The snapshot of what {@code find} finds, navigating again if it was removed meanwhile. */
  private Entry<K, V> entry(Function<Object, Entry<Object, Cell>> find, Object key) {
    Object sk = key == null ? null : core.sortKey(key);
    while (true) {
      Entry<Object, Cell> e = find.apply(sk);
      if (e == null) return null;
      Entry<K, V> kv = core.snapshot(e);
      if (kv != null) return kv;
    }
  }

  private static <K> K keyOf(Entry<K, ?> e) {
    return e == null ? null : e.getKey();
  }

  @Override
  public Entry<K, V> lowerEntry(K key) {
    return entry(view::lowerEntry, Objects.requireNonNull(key, "key"));
  }

  @Override
  public K lowerKey(K key) {
    return keyOf(lowerEntry(key));
  }

  @Override
  public Entry<K, V> floorEntry(K key) {
    return entry(view::floorEntry, Objects.requireNonNull(key, "key"));
  }

  @Override
  public K floorKey(K key) {
    return keyOf(floorEntry(key));
  }

  @Override
  public Entry<K, V> ceilingEntry(K key) {
    return entry(view::ceilingEntry, Objects.requireNonNull(key, "key"));
  }

  @Override
  public K ceilingKey(K key) {
    return keyOf(ceilingEntry(key));
  }

  @Override
  public Entry<K, V> higherEntry(K key) {
    return entry(view::higherEntry, Objects.requireNonNull(key, "key"));
  }

  @Override
  public K higherKey(K key) {
    return keyOf(higherEntry(key));
  }

  @Override
  public Entry<K, V> firstEntry() {
    return entry(sk -> view.firstEntry(), null);
  }

  @Override
  public Entry<K, V> lastEntry() {
    return entry(sk -> view.lastEntry(), null);
  }

  @Override
  public K firstKey() {
    Entry<K, V> e = firstEntry();
    if (e == null) throw new NoSuchElementException("empty map");
    return e.getKey();
  }

  @Override
  public K lastKey() {
    Entry<K, V> e = lastEntry();
    if (e == null) throw new NoSuchElementException("empty map");
    return e.getKey();
  }

  @Override
  public Entry<K, V> pollFirstEntry() {
    return poll(true);
  }

  @Override
  public Entry<K, V> pollLastEntry() {
    return poll(false);
  }

  /** Removes the first (last) entry: the one found, unless another thread removed it first. */
  private Entry<K, V> poll(boolean first) {
    while (true) {
      Entry<Object, Cell> e = first ? view.firstEntry() : view.lastEntry();
      if (e == null) return null;
      Entry<K, V> kv = core.snapshot(e);
      if (kv == null) continue;
      V removed = core.remove(e.getKey(), e.getValue().entry, null);
      if (removed != null) return new SimpleImmutableEntry<>(kv.getKey(), removed);
    }
  }

  // ---- views -------------------------------------------------------------------------------

  private OrderedView<K, V> range(ConcurrentNavigableMap<Object, Cell> v) {
    return new OrderedView<>(core, v, true);
  }

  @Override
  public ConcurrentNavigableMap<K, V> subMap(
      K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
    return range(
        view.subMap(core.sortKey(fromKey), fromInclusive, core.sortKey(toKey), toInclusive));
  }

  @Override
  public ConcurrentNavigableMap<K, V> headMap(K toKey, boolean inclusive) {
    return range(view.headMap(core.sortKey(toKey), inclusive));
  }

  @Override
  public ConcurrentNavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
    return range(view.tailMap(core.sortKey(fromKey), inclusive));
  }

  @Override
  public ConcurrentNavigableMap<K, V> subMap(K fromKey, K toKey) {
    return subMap(fromKey, true, toKey, false);
  }

  @Override
  public ConcurrentNavigableMap<K, V> headMap(K toKey) {
    return headMap(toKey, false);
  }

  @Override
  public ConcurrentNavigableMap<K, V> tailMap(K fromKey) {
    return tailMap(fromKey, true);
  }

  @Override
  public ConcurrentNavigableMap<K, V> descendingMap() {
    return new OrderedView<>(core, view.descendingMap(), bounded);
  }

  @Override
  public NavigableSet<K> navigableKeySet() {
    return new OrderedKeySet<>(this);
  }

  @Override
  public NavigableSet<K> keySet() {
    return navigableKeySet();
  }

  @Override
  public NavigableSet<K> descendingKeySet() {
    return descendingMap().navigableKeySet();
  }

  /** The order of this view's keys; null for the natural order (of an ascending view). */
  @Override
  public Comparator<? super K> comparator() {
    Comparator<? super Object> c = view.comparator();
    return c == null ? null : (a, b) -> c.compare(core.sortKey(a), core.sortKey(b));
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return views.entrySet();
  }

  @Override
  public Collection<V> values() {
    return views.values();
  }

  /** The keys of the range in order, read without their values (see {@link OrderedCore#key}). */
  Iterator<K> keyIterator() {
    return new Walk<>(core::key);
  }

  /**
   * Walks the range in order, reading what {@code read} makes of each skip-list entry; skips
   * entries removed since the skip list's iterator saw them ({@code read} returns null).
   */
  final class Walk<X> implements Iterator<X> {
    private final Iterator<Entry<Object, Cell>> it = view.entrySet().iterator();
    private final Function<Entry<Object, Cell>, X> read;
    private X next;
    private Entry<Object, Cell> nextAt;
    private Entry<Object, Cell> lastAt;

    Walk(Function<Entry<Object, Cell>, X> read) {
      this.read = read;
    }

    @Override
    public boolean hasNext() {
      while (next == null && it.hasNext()) {
        nextAt = it.next();
        next = read.apply(nextAt);
      }
      return next != null;
    }

    @Override
    public X next() {
      if (!hasNext()) throw new NoSuchElementException();
      X x = next;
      lastAt = nextAt;
      next = null;
      return x;
    }

    /** Removes the entry last returned, if it is still the key's entry. */
    @Override
    public void remove() {
      if (lastAt == null) throw new IllegalStateException("next() not called, or already removed");
      core.remove(lastAt.getKey(), lastAt.getValue().entry, null);
      lastAt = null;
    }
  }

  /** The entry and value views over this range (keys have their own navigable set). */
  private final class Views extends MapViews<K, V> {
    @Override
    Map<K, V> map() {
      return OrderedView.this;
    }

    @Override
    Iterator<Entry<K, V>> entryIterator() {
      return new Walk<Entry<K, V>>(e -> core.iterationEntry(OrderedView.this, e));
    }

    @Override
    Iterator<V> valueIterator() {
      return new Walk<>(core::value);
    }

    @Override
    boolean containsEntry(Object key, Object value) {
      if (key == null || value == null) return false;
      Object sk = lookup(key);
      return sk != null && core.holds(view, sk, value);
    }
  }
}
