package org.jnvm.jpdt.collection;

import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PType;

/**
 * A persistent hash map: a {@link java.util.Map} whose entries live in a heap, durable when each
 * operation returns, with no fixed capacity. Single-threaded, like {@link java.util.HashMap}; see
 * {@link PConcurrentHashMap} for concurrent use.
 *
 * <pre>{@code
 * PHashMap<String, String> m = new PHashMap<>(heap, PTypes.strings(), PTypes.strings());
 * heap.roots().put("users", m);          // publish it once
 * m.put("alice", "admin");               // durable on return
 * ...                                    // after a restart:
 * PHashMap<String, String> again = heap.roots().get("users");
 * again.get(new PString(heap, "alice")); // "admin": lookups take either form of a key
 * }</pre>
 *
 * <p><b>Structure.</b> The persistent part is an unordered set of entries in slots ({@link
 * EntryStore}); the hash structure is a volatile index, rebuilt in parallel, completely, the first
 * time the map is used after its heap is opened (a proxy resurrected by {@code roots().get} or by a
 * reference field). Keys and values are stored as their {@link PType}s say: copying types (e.g.
 * {@code strings()}) are owned and freed by the map; reference types are never freed by it.
 *
 * <p><b>Crash consistency.</b> Every operation that changes the map makes exactly one 8-byte store
 * durable, after everything it publishes is written back and fenced: insertion stores the new entry
 * in a free slot (two fences), replacement stores the new value in the entry (two fences), removal
 * zeroes the slot (one fence), clear swaps in an empty directory (two fences). A crash leaves the
 * map before or after the operation in flight. What an operation drops (an entry, a replaced value,
 * owned keys and values) is freed right after that store: memory is not held until a restart, and
 * removed entries cannot come back. Growth (a new segment, a doubled directory) does not change the
 * entries and is atomic in the same way ({@link EntryStore}).
 *
 * <p>Nulls are refused. Memory of removed entries is reused by later insertions; the slot capacity
 * itself does not shrink (one 8-byte slot per entry of the largest size reached).
 *
 * @param <K> keys, as the key type returns them
 * @param <V> values, as the value type returns them
 */
public final class PHashMap<K, V> extends BaseHashMap<K, V> {
  static final int PARTS = 16;

  public static final PersistentClass<PHashMap<?, ?>> TYPE =
      PersistentClass.<PHashMap<?, ?>>builder(
              "org.jnvm.jpdt.collection.PHashMap", (h, a) -> new PHashMap<>(h, a, null))
          .fixedSize(MapLayout.SIZE)
          .refs(MapLayout.DIRECTORY_OFFSET)
          .layout(MapLayout.DESCRIPTION)
          .build();

  /** An empty map in the default heap ({@link JNVM#heap()}), durable; publish it to keep it. */
  public PHashMap(PType<K> keys, PType<V> values) {
    this(JNVM.heap(), keys, values);
  }

  /** An empty map in {@code heap}, durable; publish it (a root, a reference) to keep it. */
  public PHashMap(Heap heap, PType<K> keys, PType<V> values) {
    this(heap, keys, values, DEFAULT_SEGMENT_SLOTS);
  }

  /**
   * An empty map whose storage grows by segments of {@code segmentSlots} entries (small values make
   * tests exercise growth).
   */
  public PHashMap(Heap heap, PType<K> keys, PType<V> values, int segmentSlots) {
    super(heap, TYPE, keys, values, segmentSlots, PARTS, false);
  }

  private PHashMap(Heap heap, long address, Resurrect r) {
    super(heap, address, r, TYPE, PARTS, false);
  }

  /**
   * This map, typed: checks that it was created with {@code keys} and {@code values}.
   *
   * @throws ClassCastException if it holds other types
   */
  @SuppressWarnings("unchecked")
  public <K2, V2> PHashMap<K2, V2> typed(PType<K2> keys, PType<V2> values) {
    requireTypes(keys, values);
    return (PHashMap<K2, V2>) this;
  }
}
