package org.jnvm.infinispan;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.infinispan.TxIntent.Entry;

/**
 * Applies a transaction's modifications to the store as one failure-atomic unit, in both modes, by
 * redo: the new records and a {@link TxIntent} describing every modification are built and made
 * durable first ({@link #prepare}, nothing reachable yet); one durable store into a {@link TxSlots}
 * slot is the commit point; the modifications are then applied to the segment maps, each written
 * back without a fence of its own, and one fence makes them all durable; only then are the records
 * they replaced freed, the slot emptied durably and the intent freed.
 *
 * <p><b>Crash argument.</b> Before the commit point the records and the intent are unreachable:
 * recovery reclaims them and no map changed. After it, the slot reaches the intent, the intent its
 * records: a restart replays every modification ({@link #recover}). Replay is idempotent: a key
 * that already maps to the intent's record is left alone (its put returns that record, nothing is
 * freed), a removal of an absent key does nothing, and a record that a replayed put replaces is the
 * one the transaction replaced, freed now if it was not before the crash. No other write can have
 * touched the keys in between, because a commit holds the write locks of all its segments from
 * before the commit point until the slot is durably empty, and intents in slots at a crash are
 * therefore disjoint: replay order does not matter. The puts of a commit are not fenced one by one
 * (their records are durable since the intent's fence, and a crash before the commit's closing
 * fence keeps the slot full, so replay redoes any put that did not reach media); the records they
 * replaced are freed only after that fence, so no durable map word can name freed memory.
 *
 * <p>Visibility: loads take their segment's lock, so they see each key before or after a
 * transaction; an iteration locks one segment at a time, so across segments it may see part of one
 * (it is no snapshot). Durability, which is what this class is for, is all or nothing.
 */
final class Transactions {
  /**
   * A transaction built and durable, not yet committed: its intent, what the intent records, the
   * lookup form of each key (so that applying needs no decoding) and its segments, sorted.
   */
  static final class Prepared {
    final TxIntent intent;
    final List<Entry> entries;
    final KeyForm[] keys;
    final int[] segments;

    private Prepared(TxIntent intent, List<Entry> entries, List<TxOp> ops) {
      this.intent = intent;
      this.entries = entries;
      this.keys = new KeyForm[ops.size()];
      for (int i = 0; i < keys.length; i++) keys[i] = ops.get(i).key();
      this.segments = entries.stream().mapToInt(Entry::segment).sorted().distinct().toArray();
    }
  }

  private final Heap heap;
  private final SegmentMaps maps;
  private final RecordWriter writer;
  private final TxSlots slots;
  private final BlockingQueue<Integer> free = new ArrayBlockingQueue<>(TxSlots.SLOTS);
  private final java.util.concurrent.atomic.AtomicLong commits =
      new java.util.concurrent.atomic.AtomicLong();
  private volatile String broken;
  private int replayed;

  private Transactions(Heap heap, SegmentMaps maps, RecordWriter writer, TxSlots slots) {
    this.heap = heap;
    this.maps = maps;
    this.writer = writer;
    this.slots = slots;
    for (int i = 0; i < TxSlots.SLOTS; i++) free.add(i);
  }

  /**
   * The transactions of {@code cache}'s store, after replaying every committed transaction a crash
   * left in its slots (before the store serves anything; {@link #replayed()} counts them).
   */
  static Transactions open(Heap heap, String cache, SegmentMaps maps, RecordWriter writer) {
    Transactions t = new Transactions(heap, maps, writer, TxSlots.openOrCreate(heap, cache));
    t.recover();
    return t;
  }

  /** Transactions of several modifications committed through an intent since open. */
  long commits() {
    return commits.get();
  }

  /** Transactions replayed at open. */
  int replayed() {
    return replayed;
  }

  private void recover() {
    RecordWriter frees = writer.atStart();
    for (int i = 0; i < TxSlots.SLOTS; i++) {
      TxIntent t = slots.intent(i);
      if (t == null) continue;
      for (Entry e : t.entries()) {
        maps.applyLocked(e.segment(), TxIntent.keyOf(e.key()), e.record(), frees);
      }
      slots.clear(i);
      t.free();
      replayed++;
    }
  }

  /**
   * Applies {@code ops} as one failure-atomic unit, durable on return. A single modification needs
   * no intent: it takes the mode's own write or removal, which is atomic by itself.
   */
  void apply(List<TxOp> ops) {
    if (ops.isEmpty()) return;
    if (ops.size() == 1) {
      TxOp op = ops.get(0);
      if (op.isRemove()) maps.delete(op.segment(), op.key());
      else maps.write(op.segment(), op.key(), op.data());
      return;
    }
    commit(prepare(ops));
  }

  /**
   * Builds {@code ops}' records and intent, durable and unreachable: a crash from here until the
   * commit point leaves the store as it was.
   */
  Prepared prepare(List<TxOp> ops) {
    List<TxOp> unique = lastPerKey(ops);
    List<Entry> entries = new ArrayList<>(unique.size());
    try {
      for (TxOp op : unique) entries.add(entry(op));
      return new Prepared(TxIntent.build(heap, entries), entries, unique);
    } catch (RuntimeException e) {
      discard(entries);
      throw e;
    }
  }

  /**
   * {@code ops} with only the last modification of each key: an intent names each key once, or a
   * replay could put back a record that a later modification of the same transaction replaced and
   * freed.
   */
  static List<TxOp> lastPerKey(List<TxOp> ops) {
    if (ops.size() <= 16 && distinct(ops)) return ops; // the common case, without allocating
    java.util.LinkedHashMap<Object, TxOp> last = new java.util.LinkedHashMap<>();
    for (TxOp op : ops) {
      Object id = List.of(op.segment(), identity(op.key()));
      last.remove(id); // keeps the order of last modifications
      last.put(id, op);
    }
    return last.size() == ops.size() ? ops : new ArrayList<>(last.values());
  }

  private static boolean distinct(List<TxOp> ops) {
    for (int i = 1; i < ops.size(); i++) {
      for (int j = 0; j < i; j++) {
        TxOp a = ops.get(i);
        TxOp b = ops.get(j);
        if (a.segment() == b.segment() && same(a.key(), b.key())) return false;
      }
    }
    return true;
  }

  private static boolean same(KeyForm a, KeyForm b) {
    if (a.kind != b.kind || a.hash != b.hash) return false;
    return switch (a.kind) {
      case STRING, BYTES -> a.coder == b.coder && java.util.Arrays.equals(a.bytes, b.bytes);
      case PSTRING -> a.object.toString().equals(b.object.toString());
      case REFERENCE -> a.object.equals(b.object);
    };
  }

  private static Object identity(KeyForm k) {
    return switch (k.kind) {
      case STRING, BYTES -> List.of(k.kind, java.nio.ByteBuffer.wrap(k.bytes));
      case PSTRING -> List.of(k.kind, k.object.toString());
      case REFERENCE -> k.object;
    };
  }

  private Entry entry(TxOp op) {
    PObject key = StoreKeyType.registered().store(heap, op.key());
    boolean owned = op.key().kind != KeyForm.Kind.REFERENCE;
    try {
      PObject record = op.isRemove() ? null : writer.build(op.data());
      return new Entry(op.segment(), key, owned, record);
    } catch (RuntimeException e) {
      if (owned) heap.free(key);
      throw e;
    }
  }

  /**
   * Commits {@code p}: durable on return, and visible to the store's readers all at once.
   *
   * @throws IllegalStateException if an earlier commit failed after its commit point (the store
   *     must be restarted to replay it)
   */
  void commit(Prepared p) {
    String b = broken;
    if (b != null) {
      rollback(p);
      throw new IllegalStateException(b);
    }
    maps.withWriteLocks(p.segments, () -> commitLocked(p));
  }

  private void commitLocked(Prepared p) {
    int slot = acquire();
    slots.publish(slot, p.intent); // the commit point
    List<SegmentMaps.Replaced> replaced = new ArrayList<>(p.keys.length);
    try {
      for (int i = 0; i < p.keys.length; i++) {
        Entry e = p.entries.get(i);
        maps.applyUnfenced(e.segment(), p.keys[i], e.record(), replaced);
      }
    } catch (RuntimeException e) {
      // Committed durably but not applied: the slot keeps the intent, a restart replays it; until
      // then this store must not write over the transaction's keys.
      broken =
          "a transaction committed durably but could not be applied ("
              + e
              + "); restart the cache to replay it: file="
              + heap.file();
      throw new IllegalStateException(broken, e);
    }
    // One fence for all the puts, each written back unfenced (the slot's intent replays any that a
    // crash before it loses): only then may what they replaced be freed and the slot be emptied.
    Pmem.psync();
    maps.free(replaced);
    slots.clear(slot);
    freeIntent(p);
    free.add(slot);
    commits.incrementAndGet();
  }

  /** Drops {@code p} (never committed): frees its records, keys and intent. */
  void rollback(Prepared p) {
    for (Entry e : p.entries) if (e.record() != null) writer.discard(e.record());
    freeIntent(p);
  }

  /** Frees the intent, its ops blob and its own key copies (from the volatile copy of them). */
  private void freeIntent(Prepared p) {
    for (Entry e : p.entries) if (e.ownedKey()) heap.free(e.key());
    heap.free(p.intent.opsBlob());
    heap.free(p.intent);
  }

  private void discard(List<Entry> entries) {
    for (Entry e : entries) {
      if (e.record() != null) writer.discard(e.record());
      if (e.ownedKey()) heap.free(e.key());
    }
  }

  private int acquire() {
    try {
      return free.take();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while waiting for a commit slot", e);
    }
  }
}
