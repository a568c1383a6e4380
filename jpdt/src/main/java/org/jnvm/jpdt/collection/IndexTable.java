package org.jnvm.jpdt.collection;

import java.util.Arrays;

/**
 * One part of a {@link HashIndex}: an open-addressing table with linear probing, in one {@code
 * long[]}, of what a lookup needs to answer without touching the persistent entry record: the key's
 * hash, its slot, and the offsets of its key and value objects. A get costs one miss in this array,
 * one on the key object (compared in place) and one on the value object; a {@code HashMap} of
 * handles added two (node, handle) and the entry record a third.
 *
 * <pre>
 *   position i, at words 4i .. 4i+3 (two positions per 64-byte line)
 *   +-------------+-------------+-------------+-------------+
 *   | hash | slot | key offset  | value offset| entry addr  |
 *   | hi32 | lo32 | (0: empty)  |             |             |
 *   +-------------+-------------+-------------+-------------+
 *     TAG           KEY           VALUE         ENTRY
 * </pre>
 *
 * Positions are only valid until the next change of the table: callers hold the part's lock from
 * the lookup to the last use of the position. Removal shifts later entries of the run back (no
 * tombstones), so a lookup of an absent key stops at the first empty position.
 */
final class IndexTable {
  static final int TAG = 0;
  static final int KEY = 1;
  static final int VALUE = 2;
  static final int ENTRY = 3;
  static final int STRIDE = 4;

  private static final int MIN_CAPACITY = 16;

  /** The largest capacity whose array fits in a Java array. */
  private static final int MAX_CAPACITY = 1 << 28;

  /** Tells whether the key object at {@code keyOffset} is equivalent to a probe key. */
  @FunctionalInterface
  interface KeyMatcher {
    boolean matches(long keyOffset, Object key);
  }

  private long[] t;
  private int mask;
  private int size;
  private int limit;

  /** A table with room for {@code expected} entries before it grows. */
  IndexTable(int expected) {
    allocate(capacityFor(expected));
  }

  int size() {
    return size;
  }

  /** Number of positions: iterate {@code 0 .. capacity()-1} and skip those not {@link #used}. */
  int capacity() {
    return mask + 1;
  }

  boolean used(int pos) {
    return t[pos * STRIDE + KEY] != 0;
  }

  /**
   * The position of the entry with hash {@code hash} whose key {@code m} finds equivalent to {@code
   * key}, or -1.
   */
  int find(int hash, Object key, KeyMatcher m) {
    long[] a = t;
    for (int i = home(hash, mask); ; i = (i + 1) & mask) {
      long k = a[i * STRIDE + KEY];
      if (k == 0) return -1;
      if ((int) (a[i * STRIDE + TAG] >>> 32) == hash && m.matches(k, key)) return i;
    }
  }

  /** Adds an entry whose key the caller knows to be absent; grows first if needed. */
  void add(int hash, int slot, long keyOffset, long valueOffset, long entry) {
    if (size >= limit) grow();
    long[] a = t;
    int i = home(hash, mask);
    while (a[i * STRIDE + KEY] != 0) i = (i + 1) & mask;
    put(a, i, tag(hash, slot), keyOffset, valueOffset, entry);
    size++;
  }

  /** Removes the entry at {@code pos}, shifting back the entries of its run that may move. */
  void removeAt(int pos) {
    long[] a = t;
    int hole = pos;
    for (int j = (pos + 1) & mask; a[j * STRIDE + KEY] != 0; j = (j + 1) & mask) {
      int h = home((int) (a[j * STRIDE + TAG] >>> 32), mask);
      // j may move to the hole unless its home lies cyclically in (hole, j].
      boolean stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
      if (!stays) {
        System.arraycopy(a, j * STRIDE, a, hole * STRIDE, STRIDE);
        hole = j;
      }
    }
    Arrays.fill(a, hole * STRIDE, hole * STRIDE + STRIDE, 0L);
    size--;
  }

  /** Drops every entry and shrinks to the minimum capacity. */
  void clear() {
    allocate(MIN_CAPACITY);
    size = 0;
  }

  int hash(int pos) {
    return (int) (t[pos * STRIDE + TAG] >>> 32);
  }

  int slot(int pos) {
    return (int) t[pos * STRIDE + TAG];
  }

  long keyOffset(int pos) {
    return t[pos * STRIDE + KEY];
  }

  long valueOffset(int pos) {
    return t[pos * STRIDE + VALUE];
  }

  long entry(int pos) {
    return t[pos * STRIDE + ENTRY];
  }

  /** Records a replaced value (after its durable store). */
  void valueOffset(int pos, long offset) {
    t[pos * STRIDE + VALUE] = offset;
  }

  private void grow() {
    if (capacity() == MAX_CAPACITY) {
      throw new IllegalStateException("index part full: " + size + " entries");
    }
    long[] old = t;
    allocate(2 * capacity());
    long[] a = t;
    for (int j = 0; j < old.length; j += STRIDE) {
      if (old[j + KEY] == 0) continue;
      int i = home((int) (old[j + TAG] >>> 32), mask);
      while (a[i * STRIDE + KEY] != 0) i = (i + 1) & mask;
      System.arraycopy(old, j, a, i * STRIDE, STRIDE);
    }
  }

  private void allocate(int capacity) {
    t = new long[capacity * STRIDE];
    mask = capacity - 1;
    limit = capacity / 4 * 3;
  }

  private static void put(long[] a, int i, long tag, long key, long value, long entry) {
    a[i * STRIDE + TAG] = tag;
    a[i * STRIDE + KEY] = key;
    a[i * STRIDE + VALUE] = value;
    a[i * STRIDE + ENTRY] = entry;
  }

  private static long tag(int hash, int slot) {
    return (long) hash << 32 | (slot & 0xFFFF_FFFFL);
  }

  /** Room for {@code expected} entries at a load of at most 3/4, a power of two. */
  static int capacityFor(int expected) {
    long need = Math.max(MIN_CAPACITY, (long) expected * 4 / 3 + 1);
    if (need > MAX_CAPACITY)
      throw new IllegalArgumentException("index part too large: " + expected);
    return Integer.highestOneBit((int) need - 1) << 1;
  }

  /**
   * The home position of {@code hash}: its bits mixed (murmur3's finalizer) so that the low bits
   * used here are independent of the top bits {@link HashIndex#partOf} used to choose the part.
   */
  private static int home(int hash, int mask) {
    int h = hash;
    h ^= h >>> 16;
    h *= 0x85EB_CA6B;
    h ^= h >>> 13;
    h *= 0xC2B2_AE35;
    h ^= h >>> 16;
    return h & mask;
  }
}
