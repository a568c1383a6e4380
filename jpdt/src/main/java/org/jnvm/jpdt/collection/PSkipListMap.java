package org.jnvm.jpdt.collection;

import java.util.Comparator;
import java.util.NavigableSet;
import java.util.concurrent.ConcurrentNavigableMap;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.POrderedType;
import org.jnvm.jpdt.PType;

/**
 * A persistent ordered map, concurrent: a {@link ConcurrentNavigableMap} whose entries live in a
 * heap, durable when each operation returns, with range views and scans.
 *
 * <pre>{@code
 * PSkipListMap<String, String> m = new PSkipListMap<>(heap, PTypes.strings(), PTypes.strings());
 * heap.roots().put("index", m);
 * m.put("user:0042", "...");                                  // durable on return
 * for (var e : m.subMap("user:0000", "user:0100").entrySet()) // a range scan
 * }</pre>
 *
 * <p><b>Structure.</b> The persistent part is the entry store of the hash maps ({@link
 * EntryStore}): an unordered set of entries in slots, grown by segments, with the same crash
 * argument, one durable 8-byte store per update (see {@link PHashMap}). The order lives in a
 * volatile {@link java.util.concurrent.ConcurrentSkipListMap} over volatile copies of the keys,
 * rebuilt completely when the map is first used after its heap is opened: the entries are scanned
 * and their keys copied in parallel, sorted in parallel, and the skip list built in linear time. So
 * there is no persistent split or rebalancing to crash in: structural changes of the order happen
 * in volatile memory only, and crash consistency reduces to the entry store's.
 *
 * <p><b>Concurrency.</b> Traversals are the skip list's (lock-free, weakly consistent) and compare
 * volatile keys only. Updates hold a lock striped by key, make their durable store, then update the
 * skip list; reads of persistent values hold the stripe's read lock, so values are freed in the
 * operation that drops them without a concurrent reader seeing freed memory.
 *
 * <p>Keys need an ordered type ({@link POrderedType}, e.g. {@code strings()}, {@code pstrings()});
 * lookups accept either form of a key. Nulls are refused. Entries from navigation methods are
 * immutable snapshots.
 *
 * @param <K> keys, as the key type returns them
 * @param <V> values, as the value type returns them
 */
public final class PSkipListMap<K, V> extends BaseMap<K, V>
    implements ConcurrentNavigableMap<K, V> {
  static final int PARTS = PConcurrentHashMap.PARTS;

  public static final PersistentClass<PSkipListMap<?, ?>> TYPE =
      PersistentClass.<PSkipListMap<?, ?>>builder(
              "org.jnvm.jpdt.collection.PSkipListMap", (h, a) -> new PSkipListMap<>(h, a, null))
          .fixedSize(MapLayout.SIZE)
          .refs(MapLayout.DIRECTORY_OFFSET)
          .layout(MapLayout.DESCRIPTION)
          .build();

  final OrderedCore<K, V> core;
  private final OrderedView<K, V> root;

  /** An empty map in the default heap ({@link JNVM#heap()}), durable; publish it to keep it. */
  public PSkipListMap(POrderedType<K> keys, PType<V> values) {
    this(JNVM.heap(), keys, values);
  }

  /** An empty map in {@code heap}, durable; publish it (a root, a reference) to keep it. */
  public PSkipListMap(Heap heap, POrderedType<K> keys, PType<V> values) {
    this(heap, keys, values, DEFAULT_SEGMENT_SLOTS);
  }

  /** An empty map whose storage grows by segments of {@code segmentSlots} entries. */
  public PSkipListMap(Heap heap, POrderedType<K> keys, PType<V> values, int segmentSlots) {
    super(heap, TYPE);
    core = OrderedCore.create(this, keys, values, segmentSlots, PARTS);
    States.put(heap, offset(), TYPE, core);
    root = new OrderedView<>(core, core.index, false);
  }

  private PSkipListMap(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    core = States.of(heap, offset(), TYPE, () -> OrderedCore.open(this, PARTS));
    root = new OrderedView<>(core, core.index, false);
  }

  @Override
  MapFace<K, V> face() { // the whole map: every call goes through the unbounded root view
    return root;
  }

  /** The type of the keys, as recorded in the map. */
  @Override
  public POrderedType<K> keyType() {
    return OrderedCore.cast(core.keys);
  }

  /**
   * This map, typed: checks that it was created with {@code keys} and {@code values}.
   *
   * @throws ClassCastException if it holds other types
   */
  @SuppressWarnings("unchecked")
  public <K2, V2> PSkipListMap<K2, V2> typed(POrderedType<K2> keys, PType<V2> values) {
    requireTypes(keys, values);
    return (PSkipListMap<K2, V2>) this;
  }

  /** The keys in order: a navigable view. */
  @Override
  public NavigableSet<K> keySet() {
    return root.keySet();
  }

  // ---- NavigableMap ------------------------------------------------------------------------

  @Override
  public Comparator<? super K> comparator() {
    return root.comparator();
  }

  @Override
  public K firstKey() {
    return root.firstKey();
  }

  @Override
  public K lastKey() {
    return root.lastKey();
  }

  @Override
  public Entry<K, V> lowerEntry(K key) {
    return root.lowerEntry(key);
  }

  @Override
  public K lowerKey(K key) {
    return root.lowerKey(key);
  }

  @Override
  public Entry<K, V> floorEntry(K key) {
    return root.floorEntry(key);
  }

  @Override
  public K floorKey(K key) {
    return root.floorKey(key);
  }

  @Override
  public Entry<K, V> ceilingEntry(K key) {
    return root.ceilingEntry(key);
  }

  @Override
  public K ceilingKey(K key) {
    return root.ceilingKey(key);
  }

  @Override
  public Entry<K, V> higherEntry(K key) {
    return root.higherEntry(key);
  }

  @Override
  public K higherKey(K key) {
    return root.higherKey(key);
  }

  @Override
  public Entry<K, V> firstEntry() {
    return root.firstEntry();
  }

  @Override
  public Entry<K, V> lastEntry() {
    return root.lastEntry();
  }

  @Override
  public Entry<K, V> pollFirstEntry() {
    return root.pollFirstEntry();
  }

  @Override
  public Entry<K, V> pollLastEntry() {
    return root.pollLastEntry();
  }

  @Override
  public ConcurrentNavigableMap<K, V> descendingMap() {
    return root.descendingMap();
  }

  @Override
  public NavigableSet<K> navigableKeySet() {
    return root.navigableKeySet();
  }

  @Override
  public NavigableSet<K> descendingKeySet() {
    return root.descendingKeySet();
  }

  @Override
  public ConcurrentNavigableMap<K, V> subMap(
      K fromKey, boolean fromInclusive, K toKey, boolean toInclusive) {
    return root.subMap(fromKey, fromInclusive, toKey, toInclusive);
  }

  @Override
  public ConcurrentNavigableMap<K, V> headMap(K toKey, boolean inclusive) {
    return root.headMap(toKey, inclusive);
  }

  @Override
  public ConcurrentNavigableMap<K, V> tailMap(K fromKey, boolean inclusive) {
    return root.tailMap(fromKey, inclusive);
  }

  @Override
  public ConcurrentNavigableMap<K, V> subMap(K fromKey, K toKey) {
    return root.subMap(fromKey, toKey);
  }

  @Override
  public ConcurrentNavigableMap<K, V> headMap(K toKey) {
    return root.headMap(toKey);
  }

  @Override
  public ConcurrentNavigableMap<K, V> tailMap(K fromKey) {
    return root.tailMap(fromKey);
  }
}
