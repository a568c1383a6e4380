package org.jnvm.codegen.bench;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpfa.Hooks;

/**
 * GenCell's layout, written by hand against the low-level interface, with the same store contract
 * as generated fa = "none" code ({@link #write}) and without it ({@link #writeRaw}: store only).
 *
 * <pre>
 *   payload 0        8      12
 *   +--------+------+
 *   | value  | tag  |
 *   | long   | int  |
 *   +--------+------+
 * </pre>
 */
public final class HandCell extends PObject implements Cell {
  static final int VALUE = 0;
  static final int TAG = 8;
  static final int SIZE = 12;

  public static final PersistentClass<HandCell> TYPE =
      PersistentClass.builder(HandCell.class.getName(), (h, a) -> new HandCell(h, a, null))
          .fixedSize(SIZE)
          .layout("value:long@0 tag:int@8")
          .build();

  public HandCell(Heap heap, int tag) {
    super(heap, TYPE);
    setInt(TAG, tag);
    persist();
  }

  private HandCell(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  @Override
  public long read() {
    return getLong(VALUE);
  }

  @Override
  public void write(long v) {
    if (Hooks.inBlock()) {
      Hooks.beforeStore(this, VALUE, 8);
      setLong(VALUE, v);
    } else {
      setLong(VALUE, v);
      pwbField(VALUE);
    }
  }

  /** The low-level store alone: not durable until written back and fenced. */
  public void writeRaw(long v) {
    setLong(VALUE, v);
  }
}
