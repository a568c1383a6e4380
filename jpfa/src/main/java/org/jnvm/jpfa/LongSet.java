package org.jnvm.jpfa;

import java.util.Arrays;

/**
 * A set of non-zero longs (line offsets, object addresses) for one block: open addressing, and the
 * members also kept in insertion order so that iterating and clearing cost the members, not the
 * table. Not thread-safe; a block belongs to one thread.
 */
final class LongSet {
  private long[] table = new long[64];
  private long[] members = new long[16];
  private int size;

  boolean contains(long v) {
    int mask = table.length - 1;
    for (int i = slot(v, mask); ; i = (i + 1) & mask) {
      long t = table[i];
      if (t == v) return true;
      if (t == 0) return false;
    }
  }

  /** Adds {@code v} (non-zero); returns false if it was already there. */
  boolean add(long v) {
    if (v == 0) throw new IllegalArgumentException("LongSet holds non-zero values only");
    if (2 * (size + 1) > table.length) rehash(2 * table.length);
    int mask = table.length - 1;
    int i = slot(v, mask);
    while (table[i] != 0) {
      if (table[i] == v) return false;
      i = (i + 1) & mask;
    }
    table[i] = v;
    if (size == members.length) members = Arrays.copyOf(members, 2 * size);
    members[size++] = v;
    return true;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** The {@code i}-th member in insertion order. */
  long get(int i) {
    return members[i];
  }

  void clear() {
    if (size > table.length / 8) {
      Arrays.fill(table, 0);
    } else {
      int mask = table.length - 1;
      for (int k = 0; k < size; k++) remove(members[k], mask);
    }
    size = 0;
  }

  /** Clears the slot holding {@code v}; only used by clear, which empties every slot after. */
  private void remove(long v, int mask) {
    for (int i = slot(v, mask); ; i = (i + 1) & mask) {
      if (table[i] == 0) return;
      if (table[i] == v) {
        table[i] = 0;
        // later members of the same probe run are cleared too, so no run is left broken
        for (int j = (i + 1) & mask; table[j] != 0; j = (j + 1) & mask) table[j] = 0;
        return;
      }
    }
  }

  private void rehash(int capacity) {
    table = new long[capacity];
    int mask = capacity - 1;
    for (int k = 0; k < size; k++) {
      int i = slot(members[k], mask);
      while (table[i] != 0) i = (i + 1) & mask;
      table[i] = members[k];
    }
  }

  private static int slot(long v, int mask) {
    long h = v * 0x9E3779B97F4A7C15L;
    return (int) (h >>> 40) & mask;
  }
}
