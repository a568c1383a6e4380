package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * The root of a map's persistent index ({@link BucketIndex}): {@link BucketIndex#PARTS} references
 * ({@link BlockLayout}), one per part of the hash space, each 0 (no key of that part was ever
 * added) or a {@link BucketDirectory}.
 */
final class BucketParts extends PObject {
  static final PersistentClass<BucketParts> TYPE =
      PersistentClass.builder(BucketParts.class.getName(), (h, a) -> new BucketParts(h, a, null))
          .refTail(BlockLayout.REFS_OFFSET)
          .layout("parts:ref[]@0")
          .build();

  /** A zeroed root, not yet written back. */
  BucketParts(Heap heap) {
    super(heap, TYPE, BlockLayout.payloadSize(BucketIndex.PARTS));
  }

  private BucketParts(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
