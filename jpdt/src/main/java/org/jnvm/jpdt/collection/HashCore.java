package org.jnvm.jpdt.collection;

import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
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
final class HashCore<K, V> extends AbstractMap<K, V>
    implements ConcurrentMap<K, V>, MapFace<K, V>, Guard.Host {
  private enum Mode {
    PUT,
    /** PUT without reading the old value: {@link #update} returns {@link #REPLACED} for it. */
    SET,
    IF_ABSENT,
    REPLACE,
    /** PUT whose durable store is written back, not fenced: {@link #putUnfenced}. */
    PUT_UNFENCED
  }

  /** What {@link #update} in SET mode returns when it replaced a value. */
  private static final Object REPLACED = new Object();

  final Heap heap;
  final EntryStore store;
  final HashIndex index;
  final Guard guard;
  final PType<Object> keys;
  final PType<Object> values;
  private final LongAdder count = new LongAdder();
  private final HashViews<K, V> views = new HashViews<>(this);

  private HashCore(EntryStore store, int parts, boolean concurrent) {
    this.heap = store.heap;
    this.store = store;
    this.index = new HashIndex(parts, store);
    this.guard =
        concurrent
            ? new PartLocks(parts, heap, store.header, this)
            : new SingleWriter(heap, store.header, "PHashMap", this);
    this.keys = store.keys;
    this.values = store.values;
  }

  /** The engine of a new map whose header is {@code header} (not yet published). */
  static <K, V> HashCore<K, V> create(
      PObject header, PType<K> k, PType<V> v, int segmentSlots, int parts, boolean concurrent) {
    EntryStore store = EntryStore.create(header, k, v, segmentSlots, parts, concurrent);
    return new HashCore<>(store, parts, concurrent);
  }

  /** The engine of an existing map: its index rebuilt from the store, in parallel. */
  static <K, V> HashCore<K, V> open(PObject header, int parts, boolean concurrent) {
    EntryStore store = EntryStore.open(header, parts, concurrent);
    HashCore<K, V> c = new HashCore<>(store, parts, concurrent);
    c.count.add(c.index.rebuild());
    return c;
  }

  @Override
  public boolean live() {
    return heap.isLive(store.header - heap.base());
  }

  /**
   * After a rollback of a block that held the whole map (the guard keeps every other user out): the
   * store's volatile state and the index rebuilt from media.
   */
  @Override
  public void reloadAll() {
    store.reload();
    count.reset();
    count.add(index.rebuild());
  }

  @Override
  public void addCount(long delta) {
    count.add(delta);
  }

  /**
   * Adds {@code d} to the count now, or at the commit of the block holding the part ({@code s}).
   */
  private void count(long s, int d) {
    if (s != Guard.HELD || !guard.deferCount(d)) count.add(d);
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
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.readLock(p);
    try {
      int at = index.find(q);
      return at < 0 ? null : valueAt(p, at);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  @Override
  public boolean containsKey(Object key) {
    if (!keys.accepts(Objects.requireNonNull(key, "key"))) return false;
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.readLock(p);
    try {
      return index.find(q) >= 0;
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
        IndexTable t = index.part(p);
        for (int at = 0; at < t.capacity(); at++) {
          if (t.used(at) && values.matchesAt(heap, t.valueOffset(at), value)) return true;
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
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.readLock(p);
    try {
      int at = index.find(q);
      return at >= 0 && valueMatches(p, at, value);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  // ---- updates -----------------------------------------------------------------------------

  @Override
  public V put(K key, V value) {
    return cast(update(key, value, Mode.PUT));
  }

  /**
   * {@link #put} without the old value: true if the key was absent. A replaced value is freed
   * without being read (put of a copying type must copy it out first).
   */
  @Override
  public boolean set(K key, V value) {
    return update(key, value, Mode.SET) == null;
  }

  /** Each mapping of {@code m} by {@link #set}: no old value is copied out. */
  @Override
  public void putAll(Map<? extends K, ? extends V> m) {
    for (Entry<? extends K, ? extends V> e : m.entrySet()) set(e.getKey(), e.getValue());
  }

  /**
   * {@link #put} whose last durable store is written back and not fenced (see {@link
   * PConcurrentHashMap#putUnfenced}); only for values that are references, since a copying value
   * type would free the old copy before its replacement is durable.
   */
  V putUnfenced(K key, V value) {
    if (values.copies()) {
      throw new UnsupportedOperationException(
          "putUnfenced needs a value type of references, not copies: values=" + values);
    }
    return cast(update(key, value, Mode.PUT_UNFENCED));
  }

  @Override
  public V putIfAbsent(K key, V value) {
    return cast(update(key, value, Mode.IF_ABSENT));
  }

  @Override
  public V replace(K key, V value) {
    return cast(update(key, value, Mode.REPLACE));
  }

  /** Returns the old value, or null if the key was absent ({@link #REPLACED} in SET mode). */
  private Object update(K key, V value, Mode mode) {
    requireKey(key);
    Objects.requireNonNull(value, "value");
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.writeLock(p);
    boolean sync = mode != Mode.PUT_UNFENCED;
    try {
      int at = index.find(q);
      if (at < 0) {
        if (mode != Mode.REPLACE) insert(q, key, value, sync, s);
        return null;
      }
      switch (mode) {
        case IF_ABSENT:
          return valueAt(p, at);
        case SET:
          dropValue(swapValue(q, at, value, true, s));
          return REPLACED;
        default:
          return replaceValue(q, at, value, sync, s);
      }
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  @Override
  public boolean replace(K key, V oldValue, V newValue) {
    requireKey(key);
    Objects.requireNonNull(oldValue, "oldValue");
    Objects.requireNonNull(newValue, "newValue");
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.writeLock(p);
    try {
      int at = index.find(q);
      if (at < 0 || !valueMatches(p, at, oldValue)) return false;
      replaceValue(q, at, newValue, true, s);
      return true;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  @Override
  public V remove(Object key) {
    if (!keys.accepts(Objects.requireNonNull(key, "key"))) return null;
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.writeLock(p);
    try {
      int at = index.find(q);
      if (at < 0) return null;
      V old = valueAt(p, at);
      removeAt(q, at, s);
      return old;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  @Override
  public boolean remove(Object key, Object value) {
    Objects.requireNonNull(key, "key");
    if (value == null || !keys.accepts(key)) return false;
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.writeLock(p);
    try {
      int at = index.find(q);
      if (at < 0 || !valueMatches(p, at, value)) return false;
      removeAt(q, at, s);
      return true;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /**
   * Removes the mapping of {@code key} if its entry is still the one at address {@code entry}
   * (iterators' remove: the entry they returned, not a later one of the same key).
   */
  void remove(Object key, long entry) {
    HashIndex.Probe q = index.probe(key);
    int p = q.part;
    long s = guard.writeLock(p);
    try {
      int at = index.find(q);
      if (at >= 0 && index.part(p).entry(at) == entry) removeAt(q, at, s);
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /** Empties the map atomically (see {@link EntryStore#clear}), excluding every other writer. */
  @Override
  public void clear() {
    long[] stamps = guard.lockAll(index.parts());
    try {
      if (stamps[0] == Guard.HELD) guard.changedAll(); // a rollback rebuilds the whole map
      store.clear();
      for (int p = 0; p < stamps.length; p++) index.clear(p);
      count.reset();
    } finally {
      guard.unlockAll(stamps);
    }
  }

  /** Empties the map, then frees its directory and header (see {@link BaseHashMap#freeDeep}). */
  @Override
  public void freeDeep(PObject header) {
    clear();
    store.freeDirectory();
    heap.free(header);
  }

  /**
   * Adds an entry for an absent key: prepare the key, value and entry objects, claim a free slot
   * (growing the store if needed), publish (one durable store), then index it. A failure before the
   * publication frees what was prepared and leaves the map unchanged. {@code sync} false: the
   * publication is written back, not fenced.
   */
  private void insert(HashIndex.Probe q, K key, V value, boolean sync, long s) {
    EntryRecord e = store.prepare(key, value);
    int slot;
    try {
      slot = store.claim(q.part, s == Guard.HELD && !guard.holdsAll());
    } catch (RuntimeException x) {
      store.discard(e);
      throw x;
    }
    try {
      store.publish(slot, e, sync);
    } catch (RuntimeException | Error x) {
      store.release(q.part, slot); // refused before the store (a doomed block): still free
      throw x;
    }
    index.add(q, slot, e);
    count(s, 1);
    if (s == Guard.HELD) guard.undo(q.part, () -> unindex(q.part, q.hash, slot));
  }

  /** Undoes an insert after its slot was restored to zero and its objects freed. */
  private void unindex(int p, int hash, int slot) {
    IndexTable t = index.part(p);
    t.removeAt(t.findSlot(hash, slot));
    store.release(p, slot);
  }

  /**
   * Swaps in a new value (one durable store) for the entry at {@code at} in part {@code p}, records
   * it in the index, then frees the old one if the map owns it. {@code sync}: as in {@link
   * #swapValue}.
   */
  private V replaceValue(HashIndex.Probe q, int at, V value, boolean sync, long s) {
    long old = swapValue(q, at, value, sync, s);
    V prior = cast(values.loadAt(heap, old));
    dropValue(old);
    return prior;
  }

  /**
   * Stores {@code value} for the entry at {@code at}, indexes it; returns the old. Durable on
   * return when {@code sync}; else written back, not fenced, and the value must be durable already.
   */
  private long swapValue(HashIndex.Probe q, int at, V value, boolean sync, long s) {
    IndexTable t = index.part(q.part);
    PObject fresh = values.store(heap, value);
    long old = store.swapValue(t.entry(at), fresh, sync);
    t.valueOffset(at, fresh.offset());
    if (s == Guard.HELD) {
      int slot = t.slot(at);
      guard.undo(q.part, () -> revalue(q.part, q.hash, slot, old));
    }
    return old;
  }

  /** Undoes a value swap: the row of the entry in {@code slot} names the old value again. */
  private void revalue(int p, int hash, int slot, long old) {
    IndexTable t = index.part(p);
    t.valueOffset(t.findSlot(hash, slot), old);
  }

  /** Frees the replaced value at {@code old} if the map owns it. */
  private void dropValue(long old) {
    if (values.copies()) heap.free(heap.object(old));
  }

  /** Unlinks the entry at {@code at} (one durable store), unindexes it, frees what it owns. */
  private void removeAt(HashIndex.Probe q, int at, long s) {
    int p = q.part;
    IndexTable t = index.part(p);
    int slot = t.slot(at);
    long entry = t.entry(at);
    long key = t.keyOffset(at);
    long value = t.valueOffset(at);
    store.unlink(slot);
    t.removeAt(at);
    count(s, -1);
    store.release(p, slot);
    store.freeEntry(entry);
    if (s == Guard.HELD) guard.undo(p, () -> reindex(q, slot, key, value, entry));
  }

  /**
   * Undoes a removal: the slot holds the entry again (restored), whose frees were deferred to a
   * commit that did not come; the slot leaves the free stripe (the last one pushed there: the
   * block's later changes of the part were undone first).
   */
  private void reindex(HashIndex.Probe q, int slot, long key, long value, long entry) {
    store.unrelease(q.part, slot);
    index.add(q, slot, key, value, entry);
  }

  // ---- iteration ---------------------------------------------------------------------------

  /** Snapshots of the live entries of {@code part}, read under its read lock. */
  List<SnapshotEntry<K, V>> snapshot(int part) {
    long s = guard.readLock(part);
    try {
      IndexTable t = index.part(part);
      List<SnapshotEntry<K, V>> out = new ArrayList<>(t.size());
      for (int at = 0; at < t.capacity(); at++) {
        if (!t.used(at)) continue;
        K k = cast(keys.loadAt(heap, t.keyOffset(at)));
        out.add(new SnapshotEntry<>(this, t.entry(at), k, valueAt(part, at)));
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

  @Override
  public StorageStats stats() {
    return store.stats(count.sum());
  }

  @Override
  public PType<Object> keyType() {
    return keys;
  }

  @Override
  public PType<Object> valueType() {
    return values;
  }

  /** The value of the entry at {@code at} in part {@code p}, read in place. */
  private V valueAt(int p, int at) {
    return cast(values.loadAt(heap, index.part(p).valueOffset(at)));
  }

  private boolean valueMatches(int p, int at, Object value) {
    return values.matchesAt(heap, index.part(p).valueOffset(at), value);
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
