package org.jnvm.jpdt.collection;

/**
 * The volatile handle of one live entry of an ordered map: its slot, its entry's address, and the
 * offsets of its key and value, kept here so that a lookup reads the value without a miss on the
 * entry record. {@link #valueOffset} changes with each replacement and {@link #dead} is set when
 * the entry is removed, both by the holder of the key's write lock (before the old value or the
 * entry is freed), so a reader holding the read lock, or an iterator checking {@code dead} under
 * it, never follows a handle into freed memory.
 */
final class Cell {
  final int slot;
  final long entry;
  final long keyOffset;
  long valueOffset;
  boolean dead;

  /** The handle of the published entry at address {@code entry} in {@code slot}. */
  Cell(int slot, long entry, long keyOffset, long valueOffset) {
    this.slot = slot;
    this.entry = entry;
    this.keyOffset = keyOffset;
    this.valueOffset = valueOffset;
  }
}
