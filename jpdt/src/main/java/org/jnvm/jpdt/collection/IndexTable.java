package org.jnvm.jpdt.collection;

import java.util.Arrays;
import org.jnvm.jpdt.PType;

/**
 * One part of a {@link HashIndex}: an open-addressing table with linear probing, in one {@code
 * long[]}, of what a lookup needs to answer without reading the persistent entry record: the key's
 * hash and slot, the offsets of its key and value objects, and the key's image (up to {@link
 * PType#IMAGE_BYTES} bytes, see {@link PType#image}) when it has one. A get of a key with an image
 * compares it here and reads persistent memory only for the value it returns: one miss in this
 * array and one on the value, where a {@code HashMap} of the keys adds the node, the key and its
 * chars. Keys without an image are compared in place ({@link KeyMatcher}).
 *
 * <pre>
 *   row i = words 8i .. 8i+7 (64 bytes). A long[] that G1 allocates as humongous (half a region
 *   or more) starts a region, so its rows start 16 bytes into a line: words 0-5, all that a hit
 *   on a key with an image reads, share one line.
 *   +-------------+---------+-------+-------+-------+--------+--------+--------+
 *   | hash | slot | meta    | image | image | image | value  | key    | entry  |
 *   | hi32 | lo32 |         | 0..7  | 8..15 | 16..23| offset | offset | addr   |
 *   +-------------+---------+-------+-------+-------+--------+--------+--------+
 *     TAG           META      IMAGE   +1      +2      VALUE    KEY      ENTRY
 *   meta: 0 = empty row; else USED | (image length + 1), image length -1 = none.
 * </pre>
 *
 * Positions are only valid until the next change of the table: callers hold the part's lock from
 * the lookup to the last use of the position. Removal shifts later rows of the run back (no
 * tombstones), so a lookup of an absent key stops at the first empty row.
 *
 * <p><b>Sizes.</b> A table has 2^k - 1 rows, not 2^k: its array then takes 2^(k+6) bytes less 48
 * (one row less its 16-byte header), where 2^k rows would spill 16 bytes into one more G1 region
 * once the array is humongous, and double the heap the table takes. A hash's home row is found by a
 * multiply and shift instead of a mask. A table doubles (to 2^(k+1) - 1 rows) when it reaches its
 * load limit, which its owner chooses per table ({@link HashIndex}: the parts of one index get
 * different limits, so that they do not all double at the same map size).
 */
final class IndexTable {
  static final int TAG = 0;
  static final int META = 1;
  static final int IMAGE = 2;
  static final int VALUE = 5;
  static final int KEY = 6;
  static final int ENTRY = 7;
  static final int STRIDE = 8;
  private static final int SHIFT = 3;
  private static final long USED = 1L << 32;

  private static final int MIN_CAPACITY = (1 << 4) - 1;

  /** The largest capacity whose array fits in a Java array. */
  private static final int MAX_CAPACITY = (1 << 27) - 1;

  /** Load limits are in 256ths of the capacity. */
  static final int LOAD_UNIT = 256;

  /** The load limit of a table whose owner chose none: 3/4. */
  static final int DEFAULT_LOAD = 192;

  /**
   * The load limits an owner may choose, in 256ths: 1/2 to 13/16 (linear probing degrades above).
   */
  static final int MIN_LOAD = 128;

  static final int MAX_LOAD = 208;

  /** Tells whether the key object at {@code keyOffset} is equivalent to a probe key. */
  @FunctionalInterface
  interface KeyMatcher {
    boolean matches(long keyOffset, Object key);
  }

  private final int load;
  private long[] t;
  private int capacity;
  private int size;
  private int limit;

  /** {@link #IndexTable(int, int)} with the {@link #DEFAULT_LOAD}. */
  IndexTable(int expected) {
    this(expected, DEFAULT_LOAD);
  }

  /**
   * A table with room for {@code expected} entries before it grows, which it does when it holds
   * {@code load} 256ths of its capacity. An empty table allocates nothing until its first entry: a
   * concurrent map has dozens of parts, and a store may hold hundreds of maps.
   */
  IndexTable(int expected, int load) {
    if (load < MIN_LOAD || load > MAX_LOAD) {
      throw new IllegalArgumentException(
          "load limit " + load + "/256 outside [" + MIN_LOAD + ", " + MAX_LOAD + "]/256");
    }
    this.load = load;
    allocate(expected == 0 ? 0 : capacityFor(expected, load));
  }

  int size() {
    return size;
  }

  /** Number of positions: iterate {@code 0 .. capacity()-1} and skip those not {@link #used}. */
  int capacity() {
    return capacity;
  }

  boolean used(int pos) {
    return t[(pos << SHIFT) + META] != 0;
  }

  /**
   * The position of the entry with hash {@code hash} whose key is equivalent to {@code key}, or -1.
   * {@code image} and {@code length} are the key's image ({@link PType#image}; length -1: none):
   * keys are compared by image when either has one (equal iff the images are), else by {@code m}.
   */
  int find(int hash, long[] image, int length, Object key, KeyMatcher m) {
    if (size == 0) return -1;
    long[] a = t;
    for (int i = home(hash, capacity); ; i = next(i)) {
      int r = i << SHIFT;
      long meta = a[r + META];
      if (meta == 0) return -1;
      if ((int) (a[r + TAG] >>> 32) != hash) continue;
      int stored = (int) meta - 1;
      if (stored >= 0 || length >= 0) {
        if (stored == length
            && a[r + IMAGE] == image[0]
            && a[r + IMAGE + 1] == image[1]
            && a[r + IMAGE + 2] == image[2]) {
          return i;
        }
      } else if (m.matches(a[r + KEY], key)) {
        return i;
      }
    }
  }

  /**
   * Adds an entry whose key the caller knows to be absent, with the key's image ({@code length} -1:
   * none); grows first if needed.
   */
  void add(
      int hash, int slot, long[] image, int length, long keyOffset, long valueOffset, long entry) {
    if (size >= limit) grow();
    long[] a = t;
    int i = home(hash, capacity);
    while (a[(i << SHIFT) + META] != 0) i = next(i);
    int r = i << SHIFT;
    a[r + TAG] = (long) hash << 32 | (slot & 0xFFFF_FFFFL);
    a[r + META] = USED | (length + 1);
    if (length >= 0) System.arraycopy(image, 0, a, r + IMAGE, 3);
    a[r + VALUE] = valueOffset;
    a[r + KEY] = keyOffset;
    a[r + ENTRY] = entry;
    size++;
  }

  /**
   * The position of the entry of {@code hash} in {@code slot}, or -1: finds a row without reading
   * its key (a rolled-back block's undo, whose key object is freed already).
   */
  int findSlot(int hash, int slot) {
    if (size == 0) return -1;
    long tag = (long) hash << 32 | (slot & 0xFFFF_FFFFL);
    for (int i = home(hash, capacity); ; i = next(i)) {
      int r = i << SHIFT;
      if (t[r + META] == 0) return -1;
      if (t[r + TAG] == tag) return i;
    }
  }

  /** Removes the entry at {@code pos}, shifting back the entries of its run that may move. */
  void removeAt(int pos) {
    long[] a = t;
    int hole = pos;
    for (int j = next(pos); a[(j << SHIFT) + META] != 0; j = next(j)) {
      int h = home((int) (a[(j << SHIFT) + TAG] >>> 32), capacity);
      // j may move to the hole unless its home lies cyclically in (hole, j].
      boolean stays = hole <= j ? (hole < h && h <= j) : (hole < h || h <= j);
      if (!stays) {
        System.arraycopy(a, j << SHIFT, a, hole << SHIFT, STRIDE);
        hole = j;
      }
    }
    Arrays.fill(a, hole << SHIFT, (hole << SHIFT) + STRIDE, 0L);
    size--;
  }

  /** Drops every entry and frees the array. */
  void clear() {
    allocate(0);
    size = 0;
  }

  int hash(int pos) {
    return (int) (t[(pos << SHIFT) + TAG] >>> 32);
  }

  int slot(int pos) {
    return (int) t[(pos << SHIFT) + TAG];
  }

  long keyOffset(int pos) {
    return t[(pos << SHIFT) + KEY];
  }

  long valueOffset(int pos) {
    return t[(pos << SHIFT) + VALUE];
  }

  long entry(int pos) {
    return t[(pos << SHIFT) + ENTRY];
  }

  /** Records a replaced value (after its durable store). */
  void valueOffset(int pos, long offset) {
    t[(pos << SHIFT) + VALUE] = offset;
  }

  private void grow() {
    if (capacity() == MAX_CAPACITY) {
      throw new IllegalStateException("index part full: " + size + " entries");
    }
    long[] old = t;
    allocate(Math.max(MIN_CAPACITY, 2 * capacity + 1));
    long[] a = t;
    for (int j = 0; j < old.length; j += STRIDE) {
      if (old[j + META] == 0) continue;
      int i = home((int) (old[j + TAG] >>> 32), capacity);
      while (a[(i << SHIFT) + META] != 0) i = next(i);
      System.arraycopy(old, j, a, i << SHIFT, STRIDE);
    }
  }

  private void allocate(int rows) {
    t = new long[rows * STRIDE];
    capacity = rows;
    limit = limitOf(rows, load);
  }

  private int next(int i) {
    return i + 1 == capacity ? 0 : i + 1;
  }

  /** Entries a table of {@code rows} holds before it grows, at {@code load} 256ths. */
  private static int limitOf(int rows, int load) {
    return (int) ((long) rows * load / LOAD_UNIT);
  }

  /** The fewest rows (2^k - 1) that hold {@code expected} entries at {@code load} 256ths. */
  static int capacityFor(int expected, int load) {
    int rows = MIN_CAPACITY;
    while (limitOf(rows, load) < expected) {
      if (rows == MAX_CAPACITY) {
        throw new IllegalArgumentException(
            "index part too large: " + expected + " entries at load " + load + "/256");
      }
      rows = 2 * rows + 1;
    }
    return rows;
  }

  /**
   * The home position of {@code hash} in {@code rows}: its bits mixed (murmur3's finalizer) so that
   * they are independent of the top bits {@link HashIndex#partOf} used to choose the part, then
   * scaled to {@code [0, rows)} by a multiply and shift (the mixed hash as a fraction of 2^32).
   */
  private static int home(int hash, int rows) {
    int h = hash;
    h ^= h >>> 16;
    h *= 0x85EB_CA6B;
    h ^= h >>> 13;
    h *= 0xC2B2_AE35;
    h ^= h >>> 16;
    return (int) (((h & 0xFFFF_FFFFL) * rows) >>> 32);
  }
}
