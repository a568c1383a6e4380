package org.jnvm.bench.proxy;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * Version 2 of an evolved persistent class: {@link EvolvedCell.V1} renamed, with a field added in
 * front of {@code value}, which moves from offset 0 to 8. Objects written as version 1 are migrated
 * to this shape (docs/evolution.md) and then read through this proxy, as objects created as version
 * 2 are.
 *
 * <pre>
 *   v1 payload 0        8        v2 payload 0      4      8        16
 *   +--------+                   +------+------+--------+
 *   | value  |                   | tag  | zero | value  |
 *   +--------+                   +------+------+--------+
 * </pre>
 */
public final class EvolvedCell extends PObject {
  static final int TAG = 0;
  static final int VALUE = 8;
  static final int SIZE = 16;

  public static final PersistentClass<EvolvedCell> TYPE =
      PersistentClass.builder(
              EvolvedCell.class.getName(), (h, a) -> new EvolvedCell(h, a, (Resurrect) null))
          .fixedSize(SIZE)
          .layout("tag:int@0 value:long@8")
          .formerNames(V1.class.getName())
          .build();

  public EvolvedCell(Heap heap, long value) {
    super(heap, TYPE);
    setLong(VALUE, value);
  }

  private EvolvedCell(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long value() {
    return getLong(VALUE);
  }

  /** Version 1, as the earlier release declared it: one long. */
  public static final class V1 extends PObject {
    public static final PersistentClass<V1> TYPE =
        PersistentClass.builder(V1.class.getName(), (h, a) -> new V1(h, a, (Resurrect) null))
            .fixedSize(8)
            .layout("value:long@0")
            .build();

    public V1(Heap heap, long value) {
      super(heap, TYPE);
      setLong(0, value);
    }

    private V1(Heap heap, long address, Resurrect r) {
      super(heap, address, r);
    }
  }
}
