package org.jnvm.infinispan;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PString;

/**
 * The durable description of a prepared transaction: for each modification, its segment, the key (a
 * stored form of its own) and the new entry record (null for a removal). Built and written back
 * before the transaction's commit point, never changed after; {@link TxSlots} publishes it at the
 * commit point and {@link Transactions} replays it after a crash, then frees it.
 *
 * <pre>
 *   payload 0       4       8          16       24         32
 *   +-------+-------+----------+--------+----------+--------+----------+-----
 *   | count | (pad) | ops blob | key 0  | record 0 | key 1  | record 1 | ...
 *   | int   |       | ref      | ref    | ref      | ref    | ref      |
 *   +-------+-------+----------+--------+----------+--------+----------+-----
 *
 *   ops blob data (a {@link Blob}), 8 bytes per modification, native order:
 *   +---------+-------+
 *   | segment | flags |   flags: 1 = removal (record is 0), 2 = the key object is the intent's
 *   | int     | int   |          own copy (freed with the intent), else the caller's J-NVM key
 *   +---------+-------+
 * </pre>
 *
 * The key objects are those {@link StoreKeyType} stores (a {@link StringKey}, a {@link Blob} of
 * marshalled bytes, a {@link PString} copy, or the caller's J-NVM key), so that a replay looks the
 * key up exactly as the original modification did ({@link #keyOf}).
 */
final class TxIntent extends PObject {
  static final int COUNT = 0;
  static final int OPS = 8;
  static final int PAIRS = OPS + 8;
  static final int REMOVE = 1;
  static final int OWNED_KEY = 2;

  static final PersistentClass<TxIntent> TYPE =
      PersistentClass.builder("org.jnvm.infinispan.TxIntent", (h, a) -> new TxIntent(h, a, null))
          .refTail(OPS)
          .layout("count:int@0 ops:ref@8 pairs:ref[]@16")
          .build();

  /** One modification as the intent records it; {@code record} is null for a removal. */
  record Entry(int segment, PObject key, boolean ownedKey, PObject record) {}

  private TxIntent(Heap heap, int count) {
    super(heap, TYPE, PAIRS + 16L * count);
    setInt(COUNT, count);
  }

  private TxIntent(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /**
   * An intent holding {@code entries}, with every object it reaches written back and fenced: it may
   * be published with one durable store.
   */
  static TxIntent build(Heap heap, List<Entry> entries) {
    ByteBuffer ops = ByteBuffer.allocate(8 * entries.size()).order(ByteOrder.nativeOrder());
    TxIntent t = new TxIntent(heap, entries.size());
    for (int i = 0; i < entries.size(); i++) {
      Entry e = entries.get(i);
      ops.putInt(e.segment())
          .putInt((e.record() == null ? REMOVE : 0) | (e.ownedKey() ? OWNED_KEY : 0));
      t.setRef(PAIRS + 16L * i, e.key());
      t.setRef(PAIRS + 16L * i + 8, e.record());
    }
    t.setRef(OPS, new Blob(heap, ops.array(), 0, ops.capacity())); // written back by Blob
    t.persist(); // one fence for the keys, records and blob written back before it
    return t;
  }

  PObject opsBlob() {
    return getRef(OPS);
  }

  int count() {
    return getInt(COUNT);
  }

  /** The modifications, read back (after a crash: checked against the layout). */
  List<Entry> entries() {
    int n = count();
    PObject blob = getRef(OPS);
    if (n < 0
        || PAIRS + 16L * n > payloadSize()
        || !(blob instanceof Blob b)
        || b.length() != 8 * n) {
      throw new HeapCorruptException(
          "transaction intent out of its layout: count="
              + n
              + " payload="
              + payloadSize()
              + " ops="
              + blob
              + " file="
              + heap().file());
    }
    ByteBuffer ops = ByteBuffer.wrap(b.toArray()).order(ByteOrder.nativeOrder());
    List<Entry> out = new ArrayList<>(n);
    for (int i = 0; i < n; i++) {
      int segment = ops.getInt();
      int flags = ops.getInt();
      PObject record = (flags & REMOVE) != 0 ? null : getRef(PAIRS + 16L * i + 8);
      out.add(new Entry(segment, getRef(PAIRS + 16L * i), (flags & OWNED_KEY) != 0, record));
    }
    return out;
  }

  /** The lookup form of a key object this intent (or a segment map) stores. */
  static KeyForm keyOf(PObject stored) {
    if (stored instanceof StringKey s) return KeyForm.of(s.toString());
    if (stored instanceof Blob b) return KeyForm.of(b.toArray());
    return KeyForm.of(stored); // a PString copy (compared by content) or a J-NVM key (by identity)
  }

  /**
   * Frees the intent, its ops blob and the keys it owns; the records stay (the maps own them once
   * applied). The caller made the intent unreachable durably first.
   */
  void free() {
    Heap h = heap();
    for (Entry e : entries()) if (e.ownedKey()) h.free(e.key());
    h.free(getRef(OPS));
    h.free(this);
  }
}
