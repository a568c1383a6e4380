package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** A bucket of a map's persistent index (see {@link BucketLayout}); internal to the maps. */
final class Bucket extends PObject {
  static final PersistentClass<Bucket> TYPE =
      PersistentClass.builder(Bucket.class.getName(), (h, a) -> new Bucket(h, a, null))
          .fixedSize(BucketLayout.SIZE)
          .layout(BucketLayout.DESCRIPTION)
          .build();

  /** An empty bucket of local depth {@code depth}, not yet written back. */
  Bucket(Heap heap, int depth) {
    super(heap, TYPE);
    BucketLayout.depth(address(), depth);
  }

  private Bucket(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }
}
