package org.jnvm.jpdt.collection;

import java.util.concurrent.ConcurrentMap;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PType;

/**
 * A persistent concurrent hash map: {@link PHashMap}'s persistent structure and crash argument (see
 * there), with a thread-safe {@link ConcurrentMap} face that scales with threads.
 *
 * <p><b>Concurrency.</b> The volatile index is split into parts by key hash, each with its own
 * read-write lock ({@link java.util.concurrent.locks.StampedLock}) and its own stripe of free
 * slots. An update holds its key's part for writing while it makes its one durable store, then
 * updates the index: operations on one key are linearizable and durable in the same order, and
 * updates of keys in different parts (and their persistent stores and fences) run in parallel. A
 * read holds its part for reading, so that what it reads cannot be freed by a concurrent removal or
 * replacement: memory is still freed in the operation that drops it. Growth of the store
 * synchronizes on its own. Iterators are weakly consistent (part by part snapshots) and never throw
 * {@link java.util.ConcurrentModificationException}; {@link #size} is exact when the map is quiet.
 * {@link #clear} takes every part.
 *
 * @param <K> keys, as the key type returns them
 * @param <V> values, as the value type returns them
 */
public final class PConcurrentHashMap<K, V> extends BaseHashMap<K, V>
    implements ConcurrentMap<K, V> {
  /** Parts of the index: enough that writers on different keys rarely meet. */
  static final int PARTS =
      Integer.highestOneBit(Math.max(64, 16 * Runtime.getRuntime().availableProcessors()) - 1) << 1;

  public static final PersistentClass<PConcurrentHashMap<?, ?>> TYPE =
      PersistentClass.<PConcurrentHashMap<?, ?>>builder(
              "org.jnvm.jpdt.collection.PConcurrentHashMap",
              (h, a) -> new PConcurrentHashMap<>(h, a, null))
          .fixedSize(MapLayout.SIZE)
          .refs(MapLayout.DIRECTORY_OFFSET)
          .layout(MapLayout.DESCRIPTION)
          .build();

  /** An empty map in the default heap ({@link JNVM#heap()}), durable; publish it to keep it. */
  public PConcurrentHashMap(PType<K> keys, PType<V> values) {
    this(JNVM.heap(), keys, values);
  }

  /** An empty map in {@code heap}, durable; publish it (a root, a reference) to keep it. */
  public PConcurrentHashMap(Heap heap, PType<K> keys, PType<V> values) {
    this(heap, keys, values, DEFAULT_SEGMENT_SLOTS);
  }

  /** An empty map whose storage grows by segments of {@code segmentSlots} entries. */
  public PConcurrentHashMap(Heap heap, PType<K> keys, PType<V> values, int segmentSlots) {
    super(heap, TYPE, keys, values, segmentSlots, PARTS, true);
  }

  private PConcurrentHashMap(Heap heap, long address, Resurrect r) {
    super(heap, address, r, TYPE, PARTS, true);
  }

  /**
   * {@link #put} for a caller that makes several changes durable with one fence of its own, as the
   * apply step of a redo log does: the mapping's durable store is written back and not fenced, so
   * it is durable after the caller's next {@link org.jnvm.core.pmem.Pmem#pfence}. Until then a
   * crash may leave the old mapping or the new one: the caller's log must settle that (by replaying
   * the put). Two conditions are the caller's:
   *
   * <ul>
   *   <li>{@code value} is durable already (written back and fenced): no fence orders it here;
   *   <li>the returned old value is not freed before that fence (a crash could otherwise leave the
   *       map referencing freed memory).
   * </ul>
   *
   * A new key's entry is still fenced before its publication (the entry must be whole when the slot
   * names it); only the closing fence is left out. The map's own structural steps (growth) stay
   * durable on return.
   *
   * @throws UnsupportedOperationException if the map's values are copies (a copying value type
   *     frees the old copy at once)
   */
  public V putUnfenced(K key, V value) {
    return core.putUnfenced(key, value);
  }

  /**
   * This map, typed: checks that it was created with {@code keys} and {@code values}.
   *
   * @throws ClassCastException if it holds other types
   */
  @SuppressWarnings("unchecked")
  public <K2, V2> PConcurrentHashMap<K2, V2> typed(PType<K2> keys, PType<V2> values) {
    requireTypes(keys, values);
    return (PConcurrentHashMap<K2, V2>) this;
  }
}
