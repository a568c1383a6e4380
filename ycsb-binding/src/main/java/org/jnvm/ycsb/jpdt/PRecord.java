package org.jnvm.ycsb.jpdt;

import java.util.Map;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpfa.Hooks;

/**
 * A YCSB record as one persistent object with a fixed slot per field, read in place (what a
 * {@code @Persistent} class with ten 100-byte fields is, written by hand).
 *
 * <pre>
 *   payload 0        4          8                     DATA = align8(8 + 4n)
 *   +--------+--------+--------+-- ... --+--------+---------------------------+
 *   | fields | capac. | len 0  |         | len n-1| field 0 bytes (capacity) | field 1 ...
 *   | int n  | int c  | int    |         | int    |                           |
 *   +--------+--------+--------+-- ... --+--------+---------------------------+
 *   len -1: field absent; field i's bytes start at DATA + i * c
 * </pre>
 *
 * <p>Durability: {@link #create} and {@link #withReplaced} build a new record and write it back
 * without fencing; the map that publishes it (a put) fences before its one durable store. So an
 * update is copy-on-write of the whole record: durable and atomic when the put returns (however
 * many fields it changes), after which the caller frees the old record. A record is never written
 * after it is published: readers copy what they read, and callers serialize an update and its free
 * against reads of the same key (the binding's key stripes). In J-PFA mode an update may instead
 * change the record in place inside a failure-atomic block ({@link #replaceInPlace}).
 */
public final class PRecord extends PObject {
  static final int FIELDS_OFFSET = 0;
  static final int CAPACITY_OFFSET = FIELDS_OFFSET + Integer.BYTES;
  static final int LENGTHS_OFFSET = CAPACITY_OFFSET + Integer.BYTES;
  static final int ABSENT = -1;

  public static final PersistentClass<PRecord> TYPE =
      PersistentClass.builder("org.jnvm.ycsb.jpdt.PRecord", (h, a) -> new PRecord(h, a, null))
          .layout("fields:int@0 capacity:int@4 lengths:int[fields]@8 bytes:byte[fields*capacity]")
          .build();

  private PRecord(Heap heap, int fields, int capacity) {
    super(heap, TYPE, dataOffset(fields) + (long) fields * capacity);
    setInt(FIELDS_OFFSET, fields);
    setInt(CAPACITY_OFFSET, capacity);
  }

  private PRecord(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /**
   * A new record holding copies of {@code values} ({@code values[i]} null: field absent) in slots
   * of {@code capacity} bytes, written back but not fenced and not yet reachable: publish it
   * through a map (which fences first).
   *
   * @throws IllegalArgumentException if a value is longer than {@code capacity}
   */
  public static PRecord create(Heap heap, byte[][] values, int capacity) {
    PRecord r = new PRecord(heap, values.length, capacity);
    for (int i = 0; i < values.length; i++) r.put(i, values[i]);
    r.pwbObject();
    return r;
  }

  /**
   * A new record equal to this one except for the fields in {@code changes} (slot to bytes),
   * written back but not fenced: publish it in this record's place, then free this one.
   */
  public PRecord withReplaced(Map<Integer, byte[]> changes) {
    int n = fieldCount();
    PRecord r = new PRecord(heap(), n, capacity());
    Pmem.copy(
        fieldAddress(LENGTHS_OFFSET),
        r.fieldAddress(LENGTHS_OFFSET),
        payloadSize() - LENGTHS_OFFSET);
    changes.forEach(r::put);
    r.pwbObject();
    return r;
  }

  /**
   * Replaces the fields in {@code changes} (slot to bytes) in place, inside the caller's J-PFA
   * block: each store is announced to the block ({@link Hooks#beforeStore}), which logs the lines
   * before they change and makes them durable at commit, so the update is all or nothing however
   * many fields it changes. Writes two or three lines per field where {@link #withReplaced} copies
   * and writes back the whole record. Readers of the record must be excluded (the binding's key
   * stripes) or validate what they read.
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
    changes.forEach(
        (i, v) -> {
          if (v != null && v.length > cap) throw tooLong(i, v.length, cap);
          Hooks.beforeStore(this, lengthOffset(i), Integer.BYTES);
          setInt(lengthOffset(i), v == null ? ABSENT : v.length);
          if (v == null) return;
          long at = dataOffset(n) + (long) i * cap;
          Hooks.beforeStore(this, at, v.length);
          Pmem.write(v, 0, fieldAddress(at), v.length);
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
    int len = getInt(lengthOffset(i));
    if (len == ABSENT) return null;
    byte[] v = new byte[len];
    Pmem.read(fieldAddress(dataOffset(fieldCount()) + (long) i * capacity()), v, 0, len);
    return v;
  }

  /** What {@link #getWithin} returns for a length that no field of the shape can have. */
  public static final byte[] MALFORMED = new byte[0];

  /**
   * {@link #get} for a record of {@code fields} fields of {@code capacity} bytes (the caller
   * checked both), that may be freed while it is read: a length outside {@code [-1, capacity]} is
   * {@link #MALFORMED} and nothing is read.
   */
  public byte[] getWithin(int i, int fields, int capacity) {
    int len = getInt(lengthOffset(i));
    if (len == ABSENT) return null;
    if (len < 0 || len > capacity) return MALFORMED;
    byte[] v = new byte[len];
    Pmem.read(fieldAddress(dataOffset(fields) + (long) i * capacity), v, 0, len);
    return v;
  }

  /** Frees the record; call only once nothing durable references it. */
  public void free() {
    heap().free(this);
  }

  private void put(int i, byte[] v) {
    if (v == null) {
      setInt(lengthOffset(i), ABSENT);
      return;
    }
    int cap = capacity();
    if (v.length > cap) throw tooLong(i, v.length, cap);
    setInt(lengthOffset(i), v.length);
    Pmem.write(v, 0, fieldAddress(dataOffset(fieldCount()) + (long) i * cap), v.length);
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

  private static long lengthOffset(int i) {
    return LENGTHS_OFFSET + (long) i * Integer.BYTES;
  }

  private static long dataOffset(int fields) {
    return (LENGTHS_OFFSET + (long) fields * Integer.BYTES + 7) & -8L;
  }
}
