package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** The element array of a {@link PArrayList} (see {@link ListLayout}); internal to the list. */
final class ListArray extends PObject {
  static final PersistentClass<ListArray> TYPE =
      PersistentClass.builder(ListArray.class.getName(), (h, a) -> new ListArray(h, a, null))
          .refTail(BlockLayout.REFS_OFFSET)
          .layout("elements:ref[]@0")
          .build();

  /** A zeroed array of {@code capacity} references, not yet written back. */
  ListArray(Heap heap, int capacity) {
    super(heap, TYPE, BlockLayout.payloadSize(capacity));
  }

  private ListArray(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
