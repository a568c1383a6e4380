package org.jnvm.core.cli;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** Release 1 of the class {@code MigrateCommandTest} migrates: one int. */
public final class GaugeV1 extends PObject {
  public static final PersistentClass<GaugeV1> TYPE =
      PersistentClass.builder(GaugeV1.class.getName(), (h, a) -> new GaugeV1(h, a, null))
          .fixedSize(8)
          .layout("level:int@0")
          .build();

  public GaugeV1(Heap heap, int level) {
    super(heap, TYPE);
    setInt(0, level);
  }

  private GaugeV1(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
