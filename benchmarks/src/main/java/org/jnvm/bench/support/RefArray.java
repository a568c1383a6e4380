package org.jnvm.bench.support;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * A fixed-length persistent array of references: the payload is {@code length} 8-byte slots, all
 * declared as references (a reference tail), so recovery marks through it.
 */
public final class RefArray extends PObject {
  public static final PersistentClass<RefArray> TYPE =
      PersistentClass.builder(RefArray.class.getName(), (h, a) -> new RefArray(h, a, null))
          .refTail(0)
          .layout("refs:ref[]@0")
          .build();

  /** Reserves an array of {@code length} null references. */
  public RefArray(Heap heap, int length) {
    super(heap, TYPE, 8L * length);
  }

  private RefArray(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public int length() {
    return payloadSize() / 8;
  }

  /** Stores a reference; {@code target} must already be durable before this store can be. */
  public void set(int i, PObject target) {
    setRef(slot(i), target);
  }

  /** Stores a reference, writes its line back and waits: the publication of {@code target}. */
  public void publish(int i, PObject target) {
    set(i, target);
    pwbField(slot(i));
    Pmem.psync();
  }

  public <T extends PObject> T get(int i) {
    return getRef(slot(i));
  }

  private long slot(int i) {
    if (i < 0 || i >= length()) {
      throw new IndexOutOfBoundsException("index=" + i + " length=" + length());
    }
    return 8L * i;
  }
}
