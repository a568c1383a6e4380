package org.jnvm.bench.support;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * The benchmarks' small persistent object: header and payload fill exactly one 64-byte slot (one
 * cache line), so one object costs one write-back.
 *
 * <pre>
 *   payload 0        8        16                                  56
 *   +--------+--------+-----------------------------------+
 *   | value  | next   | padding, to fill the 64-byte slot |
 *   | long   | ref    |                                   |
 *   +--------+--------+-----------------------------------+
 * </pre>
 */
public final class Cell extends PObject {
  static final int VALUE = 0;
  static final int NEXT = VALUE + 8;
  static final int SLOT = 64;

  /** Payload bytes: what is left of one slot after the object header. */
  public static final int SIZE = SLOT - ObjectLayout.HEADER;

  public static final PersistentClass<Cell> TYPE =
      PersistentClass.builder(Cell.class.getName(), (h, a) -> new Cell(h, a, (Resurrect) null))
          .fixedSize(SIZE)
          .refs(NEXT)
          .layout("value:long@0 next:ref@8 pad:bytes@16")
          .build();

  /** Reserves a cell holding {@code value}; not durable until persisted and published. */
  public Cell(Heap heap, long value) {
    super(heap, TYPE);
    setLong(VALUE, value);
  }

  /** Reserves a cell linked to {@code next}, which must already be durable before this is. */
  public Cell(Heap heap, long value, Cell next) {
    this(heap, value);
    setRef(NEXT, next);
  }

  private Cell(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long value() {
    return getLong(VALUE);
  }

  /** Stores the value; not durable by itself. */
  public void value(long v) {
    setLong(VALUE, v);
  }

  public Cell next() {
    return getRef(NEXT);
  }
}
