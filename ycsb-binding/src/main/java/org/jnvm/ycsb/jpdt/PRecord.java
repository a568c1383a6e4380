package org.jnvm.ycsb.jpdt;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PByteArray;
import org.jnvm.jpdt.PTypes;

/**
 * A YCSB record as a persistent object: one reference per field of the schema, each to a {@link
 * PByteArray} holding the field's bytes (what a {@code @Persistent} class of ten {@code PByteArray}
 * fields is, written by hand).
 *
 * <pre>
 *   payload 0        8        16              8n
 *   +--------+--------+-- ... --+
 *   | field0 | field1 |         |   references to PByteArray (0: field absent)
 *   +--------+--------+-- ... --+
 * </pre>
 *
 * <p>Durability: {@link #create} writes the record and its fields back without fencing; the map
 * that publishes it fences once before its durable store (2 fences per insert in all). {@link
 * #replace} is durable and atomic per field: the new bytes are a new array, written back and
 * fenced, then published by one 8-byte store (written back, psync), and only then is the old array
 * freed. Callers serialize updates and frees of one record (the binding's key stripes).
 */
public final class PRecord extends PObject {
  private static final int REF_SIZE = Long.BYTES;

  public static final PersistentClass<PRecord> TYPE =
      PersistentClass.builder("org.jnvm.ycsb.jpdt.PRecord", (h, a) -> new PRecord(h, a, null))
          .refTail(0)
          .layout("fields:ref[]@0")
          .build();

  private PRecord(Heap heap, int fields) {
    super(heap, TYPE, (long) fields * REF_SIZE);
  }

  private PRecord(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /**
   * A new record holding copies of {@code values} ({@code values[i]} null: field absent), written
   * back but not fenced and not yet reachable: publish it through a map (which fences first).
   */
  public static PRecord create(Heap heap, byte[][] values) {
    PRecord r = new PRecord(heap, values.length);
    for (int i = 0; i < values.length; i++) {
      if (values[i] != null) r.setRef(offsetOf(i), PTypes.bytes().store(heap, values[i]));
    }
    r.pwbObject();
    return r;
  }

  public int fieldCount() {
    return payloadSize() / REF_SIZE;
  }

  /** A volatile copy of field {@code i}, or null if absent. */
  public byte[] get(int i) {
    if (getRefOffset(offsetOf(i)) == 0) return null;
    PByteArray a = getRef(offsetOf(i));
    return a.toArray();
  }

  /** Replaces field {@code i} with a copy of {@code value}; durable and atomic on return. */
  public void replace(int i, byte[] value) {
    PObject fresh = PTypes.bytes().store(heap(), value);
    Pmem.pfence();
    long old = getRefOffset(offsetOf(i));
    PObject prior = old == 0 ? null : getRef(offsetOf(i));
    setRef(offsetOf(i), fresh);
    pwbField(offsetOf(i));
    Pmem.psync();
    if (prior != null) heap().free(prior);
  }

  /** Frees the fields and the record; call only once nothing durable references it. */
  public void free() {
    for (int i = 0; i < fieldCount(); i++) {
      if (getRefOffset(offsetOf(i)) != 0) heap().free(getRef(offsetOf(i)));
    }
    heap().free(this);
  }

  private static long offsetOf(int i) {
    return (long) i * REF_SIZE;
  }
}
