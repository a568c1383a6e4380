package org.jnvm.bench.support;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** Raw persistent bytes of any size, to push later allocations to high heap offsets. */
public final class Padding extends PObject {
  public static final PersistentClass<Padding> TYPE =
      PersistentClass.builder(Padding.class.getName(), (h, a) -> new Padding(h, a, null))
          .layout("bytes")
          .build();

  public Padding(Heap heap, int bytes) {
    super(heap, TYPE, bytes);
  }

  private Padding(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /**
   * Fills {@code heap} with padding until the next chunk it hands out lies above {@code offset}: 1
   * GiB objects first, then one-chunk objects take every free chunk left below.
   */
  public static void below(Heap heap, long offset) {
    while (true) {
      Padding p = new Padding(heap, 1 << 30);
      if (p.offset() + (1L << 30) > offset) break;
    }
    while (new Padding(heap, 60_000).offset() < offset) {
      // one chunk each: takes the lowest free chunk
    }
  }
}
