package org.jnvm.jpdt;

import java.util.Objects;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * A fixed-length persistent array of references to persistent objects of its own heap (see {@link
 * ArrayLayout}); recovery marks through every element.
 *
 * <p>Inside a failure-atomic block (jpfa) element stores take part in the block: an abort, or a
 * crash before the block commits, restores them.
 *
 * <p>Durability: the constructor writes the zeroed array back and fences. {@link #set} is durable
 * when it returns and atomic (one 8-byte store), and it writes the target back and fences before
 * storing the reference, so a crash never publishes a target whose data is not durable (the
 * target's own references must already be durable). The array never frees what its elements pointed
 * to: like a Java array, it does not own them.
 *
 * @param <T> the element type
 */
public final class PRefArray<T extends PObject> extends PObject {
  public static final PersistentClass<PRefArray<?>> TYPE =
      PersistentClass.<PRefArray<?>>builder(
              "org.jnvm.jpdt.PRefArray", (h, a) -> new PRefArray<>(h, a, null))
          .refTail(ArrayLayout.DATA_OFFSET)
          .layout("refs@0")
          .build();

  /** A durable array of {@code length} nulls in the default heap ({@link JNVM#heap()}). */
  public PRefArray(int length) {
    this(JNVM.heap(), length);
  }

  /** A durable array of {@code length} nulls in {@code heap}. */
  public PRefArray(Heap heap, int length) {
    super(heap, TYPE, ArrayLayout.payloadSize(length, ArrayLayout.REF_SIZE));
    persist();
  }

  private PRefArray(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public int length() {
    return ArrayLayout.length(address(), ArrayLayout.REF_SIZE);
  }

  /** The object at {@code i}, or null. */
  public T get(int i) {
    return getRef(offsetOf(Objects.checkIndex(i, length())));
  }

  /**
   * Stores a reference to {@code v} (or null) at {@code i}; durable on return.
   *
   * <ol>
   *   <li>Write {@code v} back and fence: its data is durable before anything points at it.
   *   <li>Store the reference, write its line back, fence.
   * </ol>
   */
  public void set(int i, T v) {
    int off = offsetOf(Objects.checkIndex(i, length()));
    if (v != null) {
      v.pwbObject();
      Pmem.pfence();
    }
    InBlocks.beforeStore(fieldAddress(off), 8);
    setRef(off, v);
    pwbField(off);
    Pmem.psync();
  }

  private static int offsetOf(int i) {
    return ArrayLayout.DATA_OFFSET + i * ArrayLayout.REF_SIZE;
  }
}
