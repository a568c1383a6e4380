package org.jnvm.infinispan;

import java.util.function.BiConsumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;

/**
 * Format 2's segment index: the segment's {@link SegmentTable}, read in place (no index rebuilt at
 * open), with the counts growth needs kept in volatile memory and taken from the slots on first
 * need.
 *
 * <p><b>Durability.</b> Each mutator is one durable 8-byte slot store:
 *
 * <ol>
 *   <li>put: fence (the new record, written back by its builder, is on media), then the slot store
 *       and its write-back, then a fence (durable on return). A new key takes the first tombstone
 *       of its probe path, else the empty slot that ends it; an existing key's slot is overwritten.
 *   <li>remove: the slot becomes a tombstone, written back and fenced.
 *   <li>growth (before an insert that would fill more than 3/4 of the slots, counting tombstones):
 *       a new table of twice the live entries' need is filled with the live records (the old table
 *       is not touched), written back whole and fenced; then the segment's word in the {@link
 *       StoreRoot} takes it with one durable store; then the old table is freed. A crash before
 *       that store leaves the old table named (intact) and the new one unreachable (recovery
 *       reclaims it); after it, the new table holds the same entries.
 *   <li>clear: an empty table published as growth publishes one, then the old table freed.
 * </ol>
 */
final class TableIndex implements EntryIndex {
  private final Heap heap;
  private final StoreRoot root;
  private final int segment;
  private SegmentTable table;

  /** Live entries and non-empty slots (live + tombstones); -1 until counted. */
  private long live = -1;

  private long used = -1;

  TableIndex(StoreRoot root, int segment) {
    this.heap = root.heap();
    this.root = root;
    this.segment = segment;
    this.table = root.table(segment);
  }

  @Override
  public PObject get(KeyForm key) {
    int i = find(table, key);
    return i < 0 ? null : heap.object(table.slot(i));
  }

  @Override
  public PObject put(KeyForm key, PObject record) {
    Pmem.pfence(); // the record is whole on media before any slot names it
    PObject old = place(key, record);
    Pmem.pfence(); // the slot store is durable on return
    return old;
  }

  @Override
  public PObject putUnfenced(KeyForm key, PObject record) {
    return place(key, record);
  }

  /** The slot store of a put, written back, not fenced. */
  private PObject place(KeyForm key, PObject record) {
    int i = find(table, key);
    if (i >= 0) {
      PObject old = heap.object(table.slot(i));
      table.setSlot(i, record.offset());
      return old;
    }
    counted();
    if ((used + 1) * 4 > (long) table.capacity() * 3) grow(live + 1);
    i = freeSlot(table, key.hash);
    if (table.slot(i) == 0) used++;
    table.setSlot(i, record.offset());
    live++;
    return null;
  }

  @Override
  public PObject remove(KeyForm key) {
    int i = find(table, key);
    if (i < 0) return null;
    PObject old = heap.object(table.slot(i));
    table.setSlot(i, table.tombstone());
    Pmem.pfence();
    if (live > 0) live--;
    return old;
  }

  @Override
  public long size() {
    counted();
    return live;
  }

  @Override
  public void clear() {
    publish(new SegmentTable(heap, SegmentTable.MIN_CAPACITY));
    live = 0;
    used = 0;
  }

  @Override
  public void forEach(BiConsumer<Object, PObject> action) {
    SegmentTable t = table;
    for (int i = 0; i < t.capacity(); i++) {
      long w = t.slot(i);
      if (w == 0 || w == t.tombstone()) continue;
      StoreRecord r = heap.object(w);
      action.accept(keyOf(r), r);
    }
  }

  /** The record's key as {@link #forEach} gives it, or an {@link UnreadableKey}. */
  private static Object keyOf(StoreRecord r) {
    try {
      return r.rawKey();
    } catch (HeapCorruptException e) {
      return new UnreadableKey(r.offset(), e);
    }
  }

  /** The slot holding {@code key} in {@code t}, or -1. */
  private int find(SegmentTable t, KeyForm key) {
    long tomb = t.tombstone();
    long base = heap.base();
    int i = t.home(key.hash);
    for (int n = t.capacity(); n > 0; n--, i = t.next(i)) {
      long w = t.slot(i);
      if (w == 0) return -1;
      if (w != tomb && StoreRecord.keyEqualsAt(heap, base + checked(w), key)) return i;
    }
    return -1;
  }

  /** The slot a new key of {@code hash} takes: the first tombstone or empty slot of its path. */
  private static int freeSlot(SegmentTable t, int hash) {
    long tomb = t.tombstone();
    int i = t.home(hash);
    while (true) {
      long w = t.slot(i);
      if (w == 0 || w == tomb) return i;
      i = t.next(i);
    }
  }

  /** A slot word is a record before it is read in place (media is hostile input). */
  private long checked(long w) {
    if (Pmem.CHECKS) heap.addressOf(w, StoreRecord.TYPE);
    return w;
  }

  /**
   * Counts the slots once. Writers call it under the segment's write lock; {@link #size} under its
   * read lock, where two readers may count at once: synchronized so that they agree.
   */
  private synchronized void counted() {
    if (live >= 0) return;
    long l = 0;
    long u = 0;
    SegmentTable t = table;
    for (int i = 0; i < t.capacity(); i++) {
      long w = t.slot(i);
      if (w != 0) u++;
      if (w != 0 && w != t.tombstone()) l++;
    }
    live = l;
    used = u;
  }

  /** Rebuilds the table with room for {@code need} entries at most half full, and publishes it. */
  private void grow(long need) {
    int cap = SegmentTable.MIN_CAPACITY;
    while ((long) cap < need * 2 && cap < SegmentTable.MAX_CAPACITY) cap <<= 1;
    if (need * 4 > (long) cap * 3) {
      throw new IllegalStateException(
          "segment table full: segment="
              + segment
              + " entries="
              + need
              + " maxCapacity="
              + SegmentTable.MAX_CAPACITY);
    }
    SegmentTable old = table;
    SegmentTable fresh = new SegmentTable(heap, cap);
    long base = heap.base();
    for (int i = 0; i < old.capacity(); i++) {
      long w = old.slot(i);
      if (w == 0 || w == old.tombstone()) continue;
      fresh.fill(freeSlot(fresh, StoreRecord.hashAt(base + w)), w);
    }
    publish(fresh);
    used = live;
  }

  /**
   * Makes {@code fresh} the segment's table: written back whole and fenced, then named by the
   * root's word with one durable store; then the table it replaces is freed.
   */
  private void publish(SegmentTable fresh) {
    SegmentTable old = table;
    fresh.persist();
    root.publishTable(segment, fresh);
    table = fresh;
    heap.free(old);
  }
}
