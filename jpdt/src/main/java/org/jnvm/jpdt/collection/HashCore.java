package org.jnvm.jpdt.collection;

import java.util.AbstractMap;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.atomic.LongAdder;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.PType;

/**
 * The engine of the hash maps: a persistent {@link EntryStore} (the truth) and a volatile {@link
 * HashIndex} of it, behind a {@link Guard}. {@link PHashMap} and {@link PConcurrentHashMap} are
 * thin persistent faces over one of these, shared by every proxy of the same map.
 *
 * <p>Durable linearizability: each operation that changes the map does so with exactly one durable
 * 8-byte store (see the steps of {@link EntryStore#publish}, {@link EntryStore#swapValue}, {@link
 * EntryStore#unlink}), made while holding the key's write lock and before the index changes, so a
 * reader never sees an entry that a crash could lose. Frees of what an operation drops come after
 * that store, still under the lock, so no reader can be reading them.
 *
 * <p>Nulls are refused (keys and values), as by {@code ConcurrentHashMap}. Lookups with an object
 * the key type does not accept find nothing.
 */
final class HashCore<K, V> extends AbstractMap<K, V> implements ConcurrentMap<K, V> {
  private enum Mode {
    PUT,
    IF_ABSENT,
    REPLACE
  }

  final Heap heap;
  final EntryStore store;
  final HashIndex index;
  final Guard guard;
  final PType<Object> keys;
  final PType<Object> values;
  private final LongAdder count = new LongAdder();
  private final HashViews<K, V> views = new HashViews<>(this);

  private HashCore(EntryStore store, int parts, Guard guard) {
    this.heap = store.heap;
    this.store = store;
    this.index = new HashIndex(parts);
    this.guard = guard;
    this.keys = store.keys;
    this.values = store.values;
  }

  /** The engine of a new map whose header is {@code header} (not yet published). */
  static <K, V> HashCore<K, V> create(
      PObject header, PType<K> k, PType<V> v, int segmentSlots, int parts, Guard g) {
    return new HashCore<>(EntryStore.create(header, k, v, segmentSlots, parts), parts, g);
  }

  /** The engine of an existing map: its index rebuilt from the store, in parallel. */
  static <K, V> HashCore<K, V> open(PObject header, int parts, Guard g) {
    HashCore<K, V> c = new HashCore<>(EntryStore.open(header, parts), parts, g);
    c.count.add(c.index.rebuild(c.store));
    return c;
  }

  // ---- queries -----------------------------------------------------------------------------

  @Override
  public int size() {
    return (int) Math.min(Integer.MAX_VALUE, count.sum());
  }

  @Override
  public boolean isEmpty() {
    return count.sum() == 0;
  }

  @Override
  public V get(Object key) {
    if (!keys.accepts(Objects.requireNonNull(key, "key"))) return null;
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.readLock(p);
    try {
      Cell c = index.find(p, h, key);
      return c == null ? null : loadValue(c);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  @Override
  public boolean containsKey(Object key) {
    if (!keys.accepts(Objects.requireNonNull(key, "key"))) return false;
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.readLock(p);
    try {
      return index.find(p, h, key) != null;
    } finally {
      guard.unlockRead(p, s);
    }
  }

  @Override
  public boolean containsValue(Object value) {
    Objects.requireNonNull(value, "value");
    for (int p = 0; p < index.parts(); p++) {
      long s = guard.readLock(p);
      try {
        for (Cell c : index.cells(p)) {
          if (values.matchesAt(heap, c.valueOffset(), value)) return true;
        }
      } finally {
        guard.unlockRead(p, s);
      }
    }
    return false;
  }

  /** True if {@code key} maps to a value equivalent to {@code value}. */
  boolean containsEntry(Object key, Object value) {
    if (key == null || value == null || !keys.accepts(key)) return false;
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.readLock(p);
    try {
      Cell c = index.find(p, h, key);
      return c != null && values.matchesAt(heap, c.valueOffset(), value);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  // ---- updates -----------------------------------------------------------------------------

  @Override
  public V put(K key, V value) {
    return update(key, value, Mode.PUT);
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return update(key, value, Mode.IF_ABSENT);
  }

  @Override
  public V replace(K key, V value) {
    return update(key, value, Mode.REPLACE);
  }

  private V update(K key, V value, Mode mode) {
    requireKey(key);
    Objects.requireNonNull(value, "value");
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.writeLock(p);
    try {
      Cell c = index.find(p, h, key);
      if (c == null) {
        if (mode != Mode.REPLACE) insert(p, h, key, value);
        return null;
      }
      return mode == Mode.IF_ABSENT ? loadValue(c) : replaceValue(c, value);
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    requireKey(key);
    Objects.requireNonNull(oldValue, "oldValue");
    Objects.requireNonNull(newValue, "newValue");
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.writeLock(p);
    try {
      Cell c = index.find(p, h, key);
      if (c == null || !values.matchesAt(heap, c.valueOffset(), oldValue)) return false;
      replaceValue(c, newValue);
      return true;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  @Override
  public V remove(Object key) {
    if (!keys.accepts(Objects.requireNonNull(key, "key"))) return null;
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.writeLock(p);
    try {
      Cell c = index.find(p, h, key);
      if (c == null) return null;
      V old = loadValue(c);
      removeCell(p, c);
      return old;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  @Override
  public boolean remove(Object key, Object value) {
    Objects.requireNonNull(key, "key");
    if (value == null || !keys.accepts(key)) return false;
    int h = keys.hash(key);
    int p = index.partOf(h);
    long s = guard.writeLock(p);
    try {
      Cell c = index.find(p, h, key);
      if (c == null || !values.matchesAt(heap, c.valueOffset(), value)) return false;
      removeCell(p, c);
      return true;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /** Removes the entry of {@code c} if it is still live (iterators' remove). */
  void remove(Cell c) {
    int p = index.partOf(c.hash);
    long s = guard.writeLock(p);
    try {
      if (!c.dead) removeCell(p, c);
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /** Empties the map atomically (see {@link EntryStore#clear}), excluding every other writer. */
  @Override
  public void clear() {
    long[] stamps = new long[index.parts()];
    for (int p = 0; p < stamps.length; p++) stamps[p] = guard.writeLock(p);
    try {
      store.clear();
      for (int p = 0; p < stamps.length; p++) index.clear(p);
      count.reset();
    } finally {
      for (int p = stamps.length - 1; p >= 0; p--) guard.unlockWrite(p, stamps[p]);
    }
  }

  /**
   * Adds an entry for an absent key: prepare the key, value and entry objects, claim a free slot
   * (growing the store if needed), publish (one durable store), then index it. A failure before the
   * publication frees what was prepared and leaves the map unchanged.
   */
  private void insert(int p, int h, K key, V value) {
    EntryRecord e = store.prepare(key, value);
    int slot;
    try {
      slot = store.claim(p);
    } catch (RuntimeException x) {
      store.discard(e);
      throw x;
    }
    store.publish(slot, e);
    index.add(p, new Cell(h, slot, e.address(), store));
    count.increment();
  }

  /** Swaps in a new value (one durable store), then frees the old one if the map owns it. */
  private V replaceValue(Cell c, V value) {
    PObject fresh = values.store(heap, value);
    PObject old = heap.object(store.swapValue(c.entry, fresh));
    V prior = cast(values.load(old));
    if (values.copies()) heap.free(old);
    return prior;
  }

  /** Unlinks the entry (one durable store), drops its handle, then frees what it owns. */
  private void removeCell(int p, Cell c) {
    store.unlink(c.slot);
    index.remove(p, c);
    c.dead = true;
    count.decrement();
    store.release(p, c.slot);
    store.freeEntry(c.entry);
  }

  // ---- iteration ---------------------------------------------------------------------------

  /** Snapshots of the live entries of {@code part}, read under its read lock. */
  List<SnapshotEntry<K, V>> snapshot(int part) {
    long s = guard.readLock(part);
    try {
      List<Cell> cells = index.cells(part);
      List<SnapshotEntry<K, V>> out = new java.util.ArrayList<>(cells.size());
      for (Cell c : cells) {
        out.add(new SnapshotEntry<>(this, c, cast(keys.loadAt(heap, c.keyOffset())), loadValue(c)));
      }
      return out;
    } finally {
      guard.unlockRead(part, s);
    }
  }

  @Override
  public Set<Entry<K, V>> entrySet() {
    return views.entrySet();
  }

  @Override
  public Set<K> keySet() {
    return views.keySet();
  }

  @Override
  public Collection<V> values() {
    return views.values();
  }

  StorageStats stats() {
    return store.stats(count.sum());
  }

  private V loadValue(Cell c) {
    return cast(values.loadAt(heap, c.valueOffset()));
  }

  private void requireKey(Object key) {
    Objects.requireNonNull(key, "key");
    if (!keys.accepts(key)) {
      throw new ClassCastException(
          "key of class " + key.getClass().getName() + " is not a form of type " + keys.name());
    }
  }

  @SuppressWarnings("unchecked")
  private static <T> T cast(Object o) {
    return (T) o;
  }
}
