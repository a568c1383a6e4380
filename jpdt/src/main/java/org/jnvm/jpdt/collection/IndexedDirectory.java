package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * The directory of a hash map that keeps a persistent index (see {@link BlockLayout}): reference 0
 * is the index's {@link BucketParts}, references 1.. are the segments, as in a {@link Directory}.
 * Maps written before the index have a {@link Directory} and rebuild their index at open.
 */
final class IndexedDirectory extends PObject {
  static final PersistentClass<IndexedDirectory> TYPE =
      PersistentClass.builder(
              IndexedDirectory.class.getName(), (h, a) -> new IndexedDirectory(h, a, null))
          .refTail(BlockLayout.REFS_OFFSET)
          .layout("index:ref@0 segments:ref[]@8")
          .build();

  /** A zeroed directory: the index word and {@code segments} segment references. */
  IndexedDirectory(Heap heap, int segments) {
    super(heap, TYPE, BlockLayout.payloadSize(1 + segments));
  }

  private IndexedDirectory(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
