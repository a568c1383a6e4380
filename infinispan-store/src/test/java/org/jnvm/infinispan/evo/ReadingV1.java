package org.jnvm.infinispan.evo;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * A user's value class as its first release declared it: a temperature in whole degrees. Loaded by
 * a class loader of its own in {@code EvolvedValueTest} (the earlier release's application).
 */
public final class ReadingV1 extends PObject {
  public static final PersistentClass<ReadingV1> TYPE =
      PersistentClass.builder(
              ReadingV1.class.getName(), (h, a) -> new ReadingV1(h, a, (Resurrect) null))
          .fixedSize(8)
          .layout("celsius:int@0 sensor:int@4")
          .build();

  public ReadingV1(Heap heap, int celsius, int sensor) {
    super(heap, TYPE);
    setInt(0, celsius);
    setInt(4, sensor);
  }

  private ReadingV1(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
