package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** A map's directory of segments (see {@link BlockLayout}); internal to the maps. */
final class Directory extends PObject {
  static final PersistentClass<Directory> TYPE =
      PersistentClass.builder(Directory.class.getName(), (h, a) -> new Directory(h, a, null))
          .refTail(BlockLayout.REFS_OFFSET)
          .layout("segments:ref[]@0")
          .build();

  /** A zeroed directory of {@code capacity} segment references, not yet written back. */
  Directory(Heap heap, int capacity) {
    super(heap, TYPE, BlockLayout.payloadSize(capacity));
  }

  private Directory(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
