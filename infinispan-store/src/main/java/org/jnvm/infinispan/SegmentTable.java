package org.jnvm.infinispan;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * One segment's persistent hash table (store format version 2): open addressing with linear
 * probing, each slot the reference of a {@link StoreRecord}, so that a lookup after a restart reads
 * the table where it lies, with no index to rebuild.
 *
 * <pre>
 *   payload 0          4          8        16       24            8 + 8 * capacity
 *   +----------+----------+--------+--------+-----+--------------------+
 *   | capacity | reserved | slot 0 | slot 1 | ... | slot capacity-1    |
 *   | int      | int (0)  | ref    | ref    |     | ref                |
 *   +----------+----------+--------+--------+-----+--------------------+
 * </pre>
 *
 * A slot is 0 (empty: ends a probe), the table's own reference (a tombstone: a removed entry,
 * skipped by probes and reused by inserts; a self-reference is a valid reference for recovery's
 * mark), or a record. {@code capacity} is a power of two; a key's probe starts at {@link
 * #home}{@code (hash)}. The table holds no count: {@link TableIndex} counts the slots in volatile
 * memory when a segment is first written or sized.
 *
 * <p>Invariants, at every fence: (1) every record a slot names is whole on media (written back and
 * fenced before the slot store); (2) a key occupies at most one slot, and that slot lies on its
 * probe path before any empty slot; (3) every slot store is one aligned 8-byte word, so a crash
 * leaves it old or new.
 */
final class SegmentTable extends PObject {
  static final int CAPACITY = 0;
  static final int RESERVED = CAPACITY + Integer.BYTES;
  static final int SLOTS = RESERVED + Integer.BYTES;
  static final int SLOT_BYTES = Long.BYTES;

  /** The smallest table: what an empty segment starts with. */
  static final int MIN_CAPACITY = 16;

  /** The largest table (its payload fits an object's int size). */
  static final int MAX_CAPACITY = 1 << 27;

  static final PersistentClass<SegmentTable> TYPE =
      PersistentClass.builder(
              "org.jnvm.infinispan.SegmentTable", (h, a) -> new SegmentTable(h, a, null))
          .refTail(SLOTS)
          .layout("capacity:int@0 reserved:int@4 slots:ref[]@8")
          .build();

  private final long slots;
  private final int mask;

  /** An empty table of {@code capacity} slots (zeroed, not written back). */
  SegmentTable(Heap heap, int capacity) {
    super(heap, TYPE, SLOTS + (long) SLOT_BYTES * checkCapacity(capacity));
    setInt(CAPACITY, capacity);
    this.slots = fieldAddress(SLOTS);
    this.mask = capacity - 1;
  }

  private SegmentTable(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    this.slots = fieldAddress(SLOTS);
    int c = getInt(CAPACITY);
    if (Integer.bitCount(c) != 1
        || c > MAX_CAPACITY
        || SLOTS + (long) SLOT_BYTES * c > payloadSize()
        || getInt(RESERVED) != 0) {
      throw new HeapCorruptException(
          "segment table out of its layout: capacity="
              + c
              + " reserved="
              + getInt(RESERVED)
              + " payload="
              + payloadSize()
              + " file="
              + heap.file());
    }
    this.mask = c - 1;
  }

  private static int checkCapacity(int c) {
    if (Integer.bitCount(c) != 1 || c < MIN_CAPACITY || c > MAX_CAPACITY) {
      throw new IllegalArgumentException(
          "segment table capacity must be a power of two in ["
              + MIN_CAPACITY
              + ", "
              + MAX_CAPACITY
              + "]: "
              + c);
    }
    return c;
  }

  int capacity() {
    return mask + 1;
  }

  /** The first slot of a key's probe: the hash spread so that nearby hashes do not cluster. */
  int home(int hash) {
    int h = hash * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }

  int next(int i) {
    return (i + 1) & mask;
  }

  /** The word in slot {@code i}: 0, {@link #tombstone()} or a record's offset. */
  long slot(int i) {
    return Pmem.getLong(slots + (long) SLOT_BYTES * i);
  }

  /** The tombstone word: this table's own offset. */
  long tombstone() {
    return offset();
  }

  /** Stores {@code word} into slot {@code i} and writes its line back, without fencing. */
  void setSlot(int i, long word) {
    long a = slots + (long) SLOT_BYTES * i;
    Pmem.putLong(a, word);
    Pmem.pwb(a);
  }

  /** Stores {@code word} into slot {@code i} of a table not yet reachable (no write-back). */
  void fill(int i, long word) {
    Pmem.putLong(slots + (long) SLOT_BYTES * i, word);
  }
}
