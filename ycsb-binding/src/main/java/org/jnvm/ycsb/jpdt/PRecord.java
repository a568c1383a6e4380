package org.jnvm.ycsb.jpdt;

import java.util.Map;
import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpfa.Hooks;
import org.jnvm.ycsb.FieldSchema;
import site.ycsb.ByteIterator;

/**
 * A YCSB record as one persistent object with a fixed slot per field and one spare slot, read in
 * place (what a {@code @Persistent} class with ten 100-byte fields is, written by hand, plus the
 * spare).
 *
 * <pre>
 *   payload 0        4        8            16                                  16 + S
 *   +--------+--------+------------+--------+---------------------------+--------+------
 *   | fields | capac. | slot map   | len    | bytes (capacity)          | len    | ... s slots
 *   | int n  | int c  | long       | int    |                           | int    |
 *   +--------+--------+------------+--------+---------------------------+--------+------
 *                                  |<------------ slot 0: S = align8(4 + c) ------->|
 *   s = n + 1 slots (one spare) when n <= 15; else s = n, no spare, field i in slot i
 *   slot map: field i's slot is (map >>> 4i) & 15; the spare is the one slot no field names
 *   len -1: the field in the slot is absent
 * </pre>
 *
 * <p>A slot's length sits just before its bytes, so rewriting a field touches one contiguous range
 * (one announcement to a block, one run of write-backs).
 *
 * <p>Durability, three ways to update:
 *
 * <ul>
 *   <li>{@link #create} and {@link #withReplaced} build a new record and write it back without
 *       fencing; the map that publishes it (a put) fences before its one durable store. An update
 *       is then copy-on-write of the whole record: durable and atomic when the put returns (however
 *       many fields it changes), after which the caller frees the old record.
 *   <li>{@link #replaceSwapping} (J-PDT rows, one field): the new bytes go to the spare slot, are
 *       written back and fenced, then one 8-byte store of the slot map names them and frees the old
 *       slot. No allocation, no free, and 3 or 4 lines written back instead of the whole record.
 *   <li>{@link #replaceInPlace} (J-PFA rows): the fields' slots rewritten inside a failure-atomic
 *       block.
 * </ul>
 *
 * <p>Callers serialize an update and its free against reads of the same key (the binding's key
 * stripes), or readers validate what they read.
 */
public final class PRecord extends PObject {
  static final int FIELDS_OFFSET = 0;
  static final int CAPACITY_OFFSET = FIELDS_OFFSET + Integer.BYTES;
  static final int MAP_OFFSET = CAPACITY_OFFSET + Integer.BYTES;
  static final int SLOTS_OFFSET = MAP_OFFSET + Long.BYTES;
  static final int ABSENT = -1;

  /** Bits of a field's slot number in the slot map. */
  private static final int SLOT_BITS = 4;

  /** The most fields a record with a spare slot has: every slot number fits in 4 bits. */
  public static final int MAX_SPARED_FIELDS = (1 << SLOT_BITS) - 1;

  public static final PersistentClass<PRecord> TYPE =
      PersistentClass.builder("org.jnvm.ycsb.jpdt.PRecord", (h, a) -> new PRecord(h, a, null))
          .layout(
              "fields:int@0 capacity:int@4 map:long@8 slots:{len:int bytes:byte[capacity]}"
                  + "[fields+(fields<=15)]@16 align8")
          .build();

  private PRecord(Heap heap, int fields, int capacity) {
    super(heap, TYPE, payloadSize(fields, capacity));
    setInt(FIELDS_OFFSET, fields);
    setInt(CAPACITY_OFFSET, capacity);
  }

  private PRecord(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /**
   * A new record holding copies of {@code values} ({@code values[i]} null: field absent) in slots
   * of {@code capacity} bytes, not written back and not yet reachable. Whoever publishes it writes
   * it back before the reference can be durable: a J-PDT map's put (its {@code objects} values),
   * the J-NVM store's write, a J-PFA block that allocated it, or {@link #persist}. Writing it back
   * here too would write every line twice, and the second time the lines are gone from the cache
   * when the write-back evicts them (clflushopt).
   *
   * @throws IllegalArgumentException if a value is longer than {@code capacity}
   */
  public static PRecord create(Heap heap, byte[][] values, int capacity) {
    int n = values.length;
    PRecord r = new PRecord(heap, n, capacity);
    long map = 0;
    for (int i = 0; i < n && n <= MAX_SPARED_FIELDS; i++) map |= (long) i << (SLOT_BITS * i);
    r.setLong(MAP_OFFSET, map);
    for (int i = 0; i < n; i++) r.putSlot(i, i, values[i]);
    if (slots(n) > n) r.setInt(slotOffset(n, capacity), ABSENT);
    return r;
  }

  /**
   * A new record equal to this one except for the fields in {@code changes} (field to bytes), not
   * written back (as {@link #create}): publish it in this record's place, then free this one.
   */
  public PRecord withReplaced(Map<Integer, byte[]> changes) {
    PRecord r = new PRecord(heap(), fieldCount(), capacity());
    Pmem.copy(fieldAddress(MAP_OFFSET), r.fieldAddress(MAP_OFFSET), payloadSize() - MAP_OFFSET);
    long map = getLong(MAP_OFFSET);
    int n = fieldCount();
    changes.forEach((i, v) -> r.putSlot(i, slot(map, checkIndex(i, n), n), v));
    return r;
  }

  /** True if {@link #replaceSwapping} can change this record (it has a spare slot). */
  public boolean swaps() {
    return fieldCount() <= MAX_SPARED_FIELDS;
  }

  /**
   * Replaces field {@code i} with {@code v} (null: absent) outside any block, durably and
   * atomically when it returns: {@code v} goes to the spare slot, which is written back and fenced
   * before one 8-byte store of the slot map names it (the old slot becomes the spare), written back
   * and fenced in turn. A crash leaves the map before the store (the old bytes, intact: nothing
   * wrote the slot it names) or after it (the new bytes, durable before the map could be). Readers
   * of the record must be excluded (the binding's key stripes) or validate what they read: the next
   * update rewrites the slot this one frees.
   *
   * @throws IllegalStateException inside a J-PFA block (the store would not be undone with it) or
   *     if the record has no spare slot ({@link #swaps})
   * @throws IllegalArgumentException if {@code v} is longer than the slots
   */
  public void replaceSwapping(int i, byte[] v) {
    if (Hooks.inBlock()) {
      throw new IllegalStateException(
          "a swapping update is not failure-atomic with a J-PFA block; use replaceInPlace: record="
              + this);
    }
    int n = fieldCount();
    if (n > MAX_SPARED_FIELDS) {
      throw new IllegalStateException(
          "record has no spare slot: fields=" + n + " max=" + MAX_SPARED_FIELDS);
    }
    checkIndex(i, n);
    long map = getLong(MAP_OFFSET);
    int spare = spareSlot(map, n);
    putSlot(i, spare, v);
    Pmem.pwb(fieldAddress(slotOffset(spare, capacity())), Integer.BYTES + length(v));
    Pmem.pfence(); // the new bytes are durable before the map can name them
    int shift = SLOT_BITS * i;
    setLong(MAP_OFFSET, (map & ~(0xfL << shift)) | ((long) spare << shift));
    pwbField(MAP_OFFSET);
    Pmem.psync(); // durable when the update returns
  }

  /**
   * Replaces the fields in {@code changes} (field to bytes) in place, inside the caller's J-PFA
   * block: each store is announced to the block ({@link Hooks#beforeStore}), which logs the lines
   * before they change and makes them durable at commit, so the update is all or nothing however
   * many fields it changes. Announces and writes 2 or 3 lines per field where {@link #withReplaced}
   * copies and writes back the whole record. Readers of the record must be excluded (the binding's
   * key stripes) or validate what they read.
   *
   * @throws IllegalStateException outside a block: the stores would not be failure-atomic
   * @throws IllegalArgumentException if a value is longer than the slots
   */
  public void replaceInPlace(Map<Integer, byte[]> changes) {
    if (!Hooks.inBlock()) {
      throw new IllegalStateException(
          "an in-place update must run in a J-PFA block: record=" + this);
    }
    int n = fieldCount();
    int cap = capacity();
    long map = getLong(MAP_OFFSET);
    changes.forEach(
        (i, v) -> {
          if (v != null && v.length > cap) throw tooLong(i, v.length, cap);
          int k = slot(map, checkIndex(i, n), n);
          long at = slotOffset(k, cap);
          Hooks.beforeStore(this, at, Integer.BYTES + length(v));
          setInt(at, v == null ? ABSENT : v.length);
          if (v != null) Pmem.write(v, 0, fieldAddress(at + Integer.BYTES), v.length);
        });
  }

  public int fieldCount() {
    return getInt(FIELDS_OFFSET);
  }

  public int capacity() {
    return getInt(CAPACITY_OFFSET);
  }

  /** A volatile copy of field {@code i}, or null if absent. */
  public byte[] get(int i) {
    int n = fieldCount();
    int k = slot(getLong(MAP_OFFSET), checkIndex(i, n), n);
    long at = slotOffset(k, capacity());
    int len = getInt(at);
    if (len == ABSENT) return null;
    return Pmem.readBytes(fieldAddress(at + Integer.BYTES), len);
  }

  /** A volatile copy of the whole record in one read (every field, as ranges of one array). */
  public RecordCopy copy() {
    return read(payloadSize());
  }

  /**
   * Puts the fields named in {@code names} (every field when null) into {@code out}, as ranges of
   * one {@link #copy}.
   *
   * @throws IllegalStateException if the record is not of {@code schema}'s shape
   */
  public void copyInto(FieldSchema schema, Set<String> names, Map<String, ByteIterator> out) {
    if (!copy().into(schema, names, out)) {
      throw new IllegalStateException(
          "record is not of the schema's shape: record="
              + this
              + " fields="
              + fieldCount()
              + " expected="
              + schema.count());
    }
  }

  /**
   * {@link #copy} of a record of {@code fields} fields of {@code capacity} bytes that may be freed
   * while it is read: null if its header says another shape; else the extent a record of this shape
   * has (it lies in the block the record had), whose bytes {@link RecordCopy#into} checks.
   */
  public RecordCopy copyWithin(int fields, int capacity) {
    if (fieldCount() != fields || capacity() != capacity) return null;
    return read(payloadSize(fields, capacity));
  }

  private RecordCopy read(long size) {
    return new RecordCopy(Pmem.readBytes(fieldAddress(0), (int) size));
  }

  /** Frees the record; call only once nothing durable references it. */
  public void free() {
    heap().free(this);
  }

  /** Writes field {@code i}'s length and bytes into slot {@code k}, nothing written back. */
  private void putSlot(int i, int k, byte[] v) {
    int cap = capacity();
    long at = slotOffset(k, cap);
    if (v == null) {
      setInt(at, ABSENT);
      return;
    }
    if (v.length > cap) throw tooLong(i, v.length, cap);
    setInt(at, v.length);
    Pmem.write(v, 0, fieldAddress(at + Integer.BYTES), v.length);
  }

  private static int length(byte[] v) {
    return v == null ? 0 : v.length;
  }

  /** Field {@code i}'s slot under {@code map} in a record of {@code n} fields. */
  static int slot(long map, int i, int n) {
    if (n > MAX_SPARED_FIELDS) return i; // no spare, no map
    return (int) (map >>> (SLOT_BITS * i)) & 0xf;
  }

  /** The slot of {@code 0..n} that no field of {@code map} names. */
  private static int spareSlot(long map, int n) {
    int named = 0;
    for (int i = 0; i < n; i++) named |= 1 << slot(map, i, n);
    return Integer.numberOfTrailingZeros(~named);
  }

  static int slots(int fields) {
    return fields <= MAX_SPARED_FIELDS ? fields + 1 : fields;
  }

  private static int checkIndex(int i, int fields) {
    if (i < 0 || i >= fields) {
      throw new IndexOutOfBoundsException("no such field: field=" + i + " fields=" + fields);
    }
    return i;
  }

  private static IllegalArgumentException tooLong(int field, int length, int capacity) {
    return new IllegalArgumentException(
        "field longer than the record's slots (fieldlength when created): field="
            + field
            + " length="
            + length
            + " capacity="
            + capacity);
  }

  /** Slot {@code k}'s length; its bytes follow. */
  static long slotOffset(int k, int capacity) {
    return SLOTS_OFFSET + (long) k * stride(capacity);
  }

  /** The payload bytes of a record of {@code fields} fields of {@code capacity} bytes. */
  static long payloadSize(int fields, int capacity) {
    return SLOTS_OFFSET + (long) slots(fields) * stride(capacity);
  }

  private static long stride(int capacity) {
    return (Integer.BYTES + (long) capacity + 7) & -8L;
  }
}
