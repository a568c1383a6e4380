package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/**
 * The directory of one part of a map's persistent index ({@link BucketIndex}): 2^g references to
 * buckets ({@link BlockLayout}), word {@code i} for the hashes whose next g bits are {@code i}.
 */
final class BucketDirectory extends PObject {
  static final PersistentClass<BucketDirectory> TYPE =
      PersistentClass.builder(
              BucketDirectory.class.getName(), (h, a) -> new BucketDirectory(h, a, null))
          .refTail(BlockLayout.REFS_OFFSET)
          .layout("buckets:ref[]@0")
          .build();

  /** A zeroed directory of {@code words} bucket references, not yet written back. */
  BucketDirectory(Heap heap, int words) {
    super(heap, TYPE, BlockLayout.payloadSize(words));
  }

  private BucketDirectory(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
