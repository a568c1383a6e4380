package org.jnvm.jpdt.collection;

import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Function;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.jpdt.POrderedType;
import org.jnvm.jpdt.PType;

/**
 * The engine of {@link PSkipListMap}: the persistent {@link EntryStore} shared with the hash maps
 * (same crash argument), and a volatile {@link java.util.concurrent.ConcurrentSkipListMap} from
 * each entry's sort key (a volatile copy of its key, e.g. a {@code String} for a {@code PString})
 * to its {@link Cell}. The skip list gives order, range views and lock-free traversal; since it
 * holds volatile keys, traversals never read persistent memory that a concurrent removal frees.
 *
 * <p>Updates of one key are serialized by the write lock of its stripe (by sort key hash); each
 * makes its one durable store before the skip list changes. Reads of an entry's persistent value
 * (and key) hold the stripe's read lock and check that the handle is still live.
 */
final class OrderedCore<K, V> implements Guard.Host {
  final Heap heap;
  final EntryStore store;
  final ConcurrentNavigableMap<Object, Cell> index;
  final POrderedType<Object> keys;
  final PType<Object> values;
  private final Guard guard;
  private final int shift;
  private final LongAdder count = new LongAdder();

  private OrderedCore(EntryStore store, ConcurrentNavigableMap<Object, Cell> index, int parts) {
    this.heap = store.heap;
    this.store = store;
    this.index = index;
    this.keys = ordered(store.keys);
    this.values = store.values;
    this.guard = new PartLocks(parts, heap, store.header, this);
    this.shift = Integer.numberOfLeadingZeros(parts) + 1;
    count.add(index.size());
  }

  /** The engine of a new map whose header is {@code header} (not yet published). */
  static <K, V> OrderedCore<K, V> create(
      PObject header, POrderedType<K> k, PType<V> v, int segmentSlots, int parts) {
    EntryStore s = EntryStore.create(header, k, v, segmentSlots, parts, true);
    return new OrderedCore<>(s, SkipIndex.empty(ordered(s.keys)), parts);
  }

  /** The engine of an existing map: its skip list rebuilt from the store, in parallel. */
  static <K, V> OrderedCore<K, V> open(PObject header, int parts) {
    EntryStore s = EntryStore.open(header, parts, true);
    int shift = Integer.numberOfLeadingZeros(parts) + 1;
    return new OrderedCore<>(
        s, SkipIndex.rebuild(s, ordered(s.keys), sk -> stripe(sk, shift)), parts);
  }

  long size() {
    return count.sum();
  }

  @Override
  public boolean live() {
    return heap.isLive(store.header - heap.base());
  }

  /**
   * After a rollback of a block that held every stripe (a clear): the store's volatile state and
   * the skip list rebuilt from media. The index object stays the same, so views of it stay valid.
   */
  @Override
  public void reloadAll() {
    store.reload();
    ConcurrentNavigableMap<Object, Cell> rebuilt = SkipIndex.rebuild(store, keys, this::stripe);
    for (Cell c : index.values()) c.dead = true;
    index.clear();
    index.putAll(rebuilt);
    count.reset();
    count.add(index.size());
  }

  @Override
  public void addCount(long delta) {
    count.add(delta);
  }

  /** Adds {@code d} to the count now, or at the commit of the block holding the stripe. */
  private void count(long s, int d) {
    if (s != Guard.HELD || !guard.deferCount(d)) count.add(d);
  }

  Object sortKey(Object key) {
    Objects.requireNonNull(key, "key");
    if (!keys.accepts(key)) {
      throw new ClassCastException(
          "key of class " + key.getClass().getName() + " is not a form of type " + keys.name());
    }
    return keys.sortKey(key);
  }

  int stripe(Object sortKey) {
    return stripe(sortKey, shift);
  }

  private static int stripe(Object sortKey, int shift) {
    return (sortKey.hashCode() * 0x9E3779B9) >>> shift;
  }

  // ---- reads -------------------------------------------------------------------------------

  /** The value of the entry {@code view} holds for {@code sk}, or null. */
  V get(ConcurrentNavigableMap<Object, Cell> view, Object sk) {
    int p = stripe(sk);
    long s = guard.readLock(p);
    try {
      Cell c = view.get(sk);
      return c == null ? null : cast(values.loadAt(heap, c.valueOffset));
    } finally {
      guard.unlockRead(p, s);
    }
  }

  /**
   * True if {@code view} holds {@code sk}, under its stripe's read lock: a key that a running block
   * inserted or removed is answered once that block ended (committed or rolled back).
   */
  boolean contains(ConcurrentNavigableMap<Object, Cell> view, Object sk) {
    int p = stripe(sk);
    long s = guard.readLock(p);
    try {
      return view.containsKey(sk);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  /** True if {@code view} maps {@code sk} to a value equivalent to {@code value}. */
  boolean holds(ConcurrentNavigableMap<Object, Cell> view, Object sk, Object value) {
    int p = stripe(sk);
    long s = guard.readLock(p);
    try {
      Cell c = view.get(sk);
      return c != null && values.matchesAt(heap, c.valueOffset, value);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  /** True if the live entry of {@code c} holds a value equivalent to {@code value}. */
  boolean valueMatches(Object sk, Cell c, Object value) {
    int p = stripe(sk);
    long s = guard.readLock(p);
    try {
      return !c.dead && values.matchesAt(heap, c.valueOffset, value);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  /**
   * The key and value of {@code e} (an index entry found by navigation) as an immutable entry, or
   * null if the entry was removed meanwhile (the caller navigates again).
   */
  Map.Entry<K, V> snapshot(Map.Entry<Object, Cell> e) {
    Object known = keys.keyOf(e.getKey());
    return readLive(
        e,
        c ->
            new SimpleImmutableEntry<>(
                cast(known != null ? known : keys.loadAt(heap, c.keyOffset)),
                cast(values.loadAt(heap, c.valueOffset))));
  }

  /**
   * The key of {@code e}: its sort key when the key type makes keys from sort keys ({@link
   * POrderedType#keyOf}, no persistent read, no lock), else read under the stripe's read lock; null
   * if the entry was removed meanwhile.
   */
  K key(Map.Entry<Object, Cell> e) {
    Object known = keys.keyOf(e.getKey());
    if (known != null) return cast(known);
    return readLive(e, c -> cast(keys.loadAt(heap, c.keyOffset)));
  }

  /** The value of {@code e}; null if it was removed meanwhile. */
  V value(Map.Entry<Object, Cell> e) {
    return readLive(e, c -> cast(values.loadAt(heap, c.valueOffset)));
  }

  /**
   * What {@code read} makes of {@code e}'s handle, under its stripe's read lock (so that what it
   * reads cannot be freed meanwhile); null if the entry was removed since navigation found it.
   */
  private <X> X readLive(Map.Entry<Object, Cell> e, Function<Cell, X> read) {
    int p = stripe(e.getKey());
    long s = guard.readLock(p);
    try {
      Cell c = e.getValue();
      return c.dead ? null : read.apply(c);
    } finally {
      guard.unlockRead(p, s);
    }
  }

  /** Like {@link #snapshot}, as an entry whose {@code setValue} writes through {@code owner}. */
  SnapshotEntry<K, V> iterationEntry(Map<K, V> owner, Map.Entry<Object, Cell> e) {
    Map.Entry<K, V> kv = snapshot(e);
    return kv == null
        ? null
        : new SnapshotEntry<>(owner, e.getValue().entry, kv.getKey(), kv.getValue());
  }

  // ---- updates -----------------------------------------------------------------------------

  /** How {@link #update} treats a present and an absent key. */
  enum Mode {
    PUT,
    /** PUT without reading the old value: {@link #update} returns {@link #REPLACED} for it. */
    SET,
    IF_ABSENT,
    REPLACE
  }

  /** What {@link #update} in SET mode returns when it replaced a value. */
  static final Object REPLACED = new Object();

  /**
   * Put, set, putIfAbsent or replace of {@code key} (sort key {@code sk}); returns the old value,
   * or null if the key was absent ({@link #REPLACED} in SET mode).
   */
  Object update(Object sk, K key, V value, Mode mode) {
    Objects.requireNonNull(value, "value");
    int p = stripe(sk);
    long s = guard.writeLock(p);
    try {
      Cell c = index.get(sk);
      if (c == null) {
        if (mode != Mode.REPLACE) insert(p, sk, key, value, s);
        return null;
      }
      switch (mode) {
        case IF_ABSENT:
          return values.loadAt(heap, c.valueOffset);
        case SET:
          dropValue(swapValue(p, c, value, s));
          return REPLACED;
        default:
          return replaceValue(p, c, value, s);
      }
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /** Replaces the value of {@code sk} if it is equivalent to {@code old}. */
  boolean replace(Object sk, Object old, V value) {
    Objects.requireNonNull(old, "oldValue");
    Objects.requireNonNull(value, "newValue");
    int p = stripe(sk);
    long s = guard.writeLock(p);
    try {
      Cell c = index.get(sk);
      if (c == null || !values.matchesAt(heap, c.valueOffset, old)) return false;
      replaceValue(p, c, value, s);
      return true;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /**
   * Removes the entry of {@code sk} if it is the entry at address {@code expected} (0: any) and
   * {@code value} (null: any) matches its value; returns the removed value, or null.
   */
  V remove(Object sk, long expected, Object value) {
    int p = stripe(sk);
    long s = guard.writeLock(p);
    try {
      Cell c = index.get(sk);
      if (c == null || (expected != 0 && c.entry != expected)) return null;
      if (value != null && !values.matchesAt(heap, c.valueOffset, value)) return null;
      V old = cast(values.loadAt(heap, c.valueOffset));
      store.unlink(c.slot);
      index.remove(sk, c);
      c.dead = true;
      count(s, -1);
      store.release(p, c.slot);
      store.freeEntry(c.entry);
      if (s == Guard.HELD) guard.undo(p, () -> reindex(p, sk, c));
      return old;
    } finally {
      guard.unlockWrite(p, s);
    }
  }

  /** Empties the map, then frees its directory and header (see {@link PSkipListMap#freeDeep}). */
  void freeDeep(PObject header) {
    clear();
    store.freeDirectory();
    heap.free(header);
  }

  /** Empties the map atomically (see {@link EntryStore#clear}), excluding every other writer. */
  void clear() {
    long[] stamps = guard.lockAll(1 << (32 - shift));
    try {
      if (stamps[0] == Guard.HELD) guard.changedAll(); // a rollback rebuilds the whole map
      store.clear();
      for (Cell c : index.values()) c.dead = true;
      index.clear();
      count.reset();
    } finally {
      guard.unlockAll(stamps);
    }
  }

  /** Adds an entry for an absent key; see {@link HashCore} for the steps. */
  private void insert(int p, Object sk, K key, V value, long s) {
    EntryRecord e = store.prepare(key, value);
    int slot;
    try {
      slot = store.claim(p, s == Guard.HELD && !guard.holdsAll());
    } catch (RuntimeException x) {
      store.discard(e);
      throw x;
    }
    try {
      store.publish(slot, e, true);
    } catch (RuntimeException | Error x) {
      store.release(p, slot); // refused before the store (a doomed block): still free
      throw x;
    }
    Cell c = new Cell(slot, e.address(), e.keyOffset, e.valueOffset);
    index.put(sk, c);
    count(s, 1);
    if (s == Guard.HELD) guard.undo(p, () -> unindex(p, sk, c));
  }

  /** Undoes an insert after its slot was restored to zero and its objects freed. */
  private void unindex(int p, Object sk, Cell c) {
    index.remove(sk, c);
    c.dead = true;
    store.release(p, c.slot);
  }

  /** Undoes a removal: the slot holds the entry again, whose frees were deferred. */
  private void reindex(int p, Object sk, Cell c) {
    store.unrelease(p, c.slot);
    c.dead = false;
    index.put(sk, c);
  }

  /** Swaps in a new value (one durable store), records it in the handle, frees the old one. */
  private V replaceValue(int p, Cell c, V value, long s) {
    long old = swapValue(p, c, value, s);
    V prior = cast(values.loadAt(heap, old));
    dropValue(old);
    return prior;
  }

  private long swapValue(int p, Cell c, V value, long s) {
    PObject fresh = values.store(heap, value);
    long old = store.swapValue(c.entry, fresh, true);
    c.valueOffset = fresh.offset();
    if (s == Guard.HELD) guard.undo(p, () -> c.valueOffset = old);
    return old;
  }

  /** Frees the replaced value at {@code old} if the map owns it. */
  private void dropValue(long old) {
    if (values.copies()) heap.free(heap.object(old));
  }

  StorageStats stats() {
    return store.stats(count.sum());
  }

  @SuppressWarnings("unchecked")
  static POrderedType<Object> ordered(PType<?> t) {
    if (!(t instanceof POrderedType<?> o)) {
      throw new ClassCastException("key type " + t.name() + " has no order (not a POrderedType)");
    }
    return (POrderedType<Object>) o;
  }

  @SuppressWarnings("unchecked")
  static <T> T cast(Object o) {
    return (T) o;
  }
}
