package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.PObject;

/**
 * The volatile handle of one live entry: its slot and address, and (in hash indexes) its key's
 * hash. The key itself stays in persistent memory and is read when compared. {@link #dead} is set
 * when the entry is removed, by the holder of the key's write lock and before the entry is freed,
 * so that a handle kept by an iterator is never followed into freed memory.
 */
final class Cell extends IndexKey {
  final int slot;
  final long entry;
  final EntryStore store;
  boolean dead;

  Cell(int hash, int slot, long entry, EntryStore store) {
    super(hash);
    this.slot = slot;
    this.entry = entry;
    this.store = store;
  }

  /** True if this entry's key is equivalent to {@code k}'s. */
  boolean holds(IndexKey k) {
    if (k instanceof Probe p) return store.keys.matchesAt(store.heap, keyOffset(), p.key);
    Cell c = (Cell) k;
    return store.keys.matches(store.key(entry), c.store.key(c.entry));
  }

  /** The file offset of the key object (read in place by lookups). */
  long keyOffset() {
    return EntryLayout.key(entry);
  }

  /** The file offset of the value object. */
  long valueOffset() {
    return EntryLayout.value(entry);
  }

  PObject key() {
    return store.key(entry);
  }

  PObject value() {
    return store.value(entry);
  }
}
