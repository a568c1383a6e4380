package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** A segment of entry slots (see {@link BlockLayout}); internal to the maps. */
final class Segment extends PObject {
  static final PersistentClass<Segment> TYPE =
      PersistentClass.builder(Segment.class.getName(), (h, a) -> new Segment(h, a, null))
          .refTail(BlockLayout.REFS_OFFSET)
          .layout("entries:ref[]@0")
          .build();

  /** A zeroed segment of {@code slots} free slots, not yet written back. */
  Segment(Heap heap, int slots) {
    super(heap, TYPE, BlockLayout.payloadSize(slots));
  }

  private Segment(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
