package org.jnvm.jpdt;

import java.util.Objects;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * A fixed-length persistent array of longs (see {@link ArrayLayout}).
 *
 * <p>Inside a failure-atomic block (jpfa) element stores take part in the block: an abort, or a
 * crash before the block commits, restores them.
 *
 * <p>Durability: constructors write the array back and fence, so it can be published on return.
 * {@link #set} and {@link #compareAndSet} are durable when they return and atomic (one aligned
 * 8-byte store). Thread-safety: element accesses are plain loads and stores; use {@link
 * #compareAndSet} to update an element shared between threads.
 */
public final class PLongArray extends PObject {
  public static final PersistentClass<PLongArray> TYPE =
      PersistentClass.builder("org.jnvm.jpdt.PLongArray", (h, a) -> new PLongArray(h, a, null))
          .layout("longs@0")
          .build();

  /** A durable zeroed array of {@code length} longs in {@code heap}. */
  public PLongArray(Heap heap, int length) {
    super(heap, TYPE, ArrayLayout.payloadSize(length, ArrayLayout.LONG_SIZE));
    persist();
  }

  /** A durable copy of {@code src} in the default heap ({@link JNVM#heap()}). */
  public PLongArray(long[] src) {
    this(JNVM.heap(), src);
  }

  /** A durable copy of {@code src} in {@code heap}. */
  public PLongArray(Heap heap, long[] src) {
    super(heap, TYPE, ArrayLayout.payloadSize(src.length, ArrayLayout.LONG_SIZE));
    for (int i = 0; i < src.length; i++) Pmem.putLong(at(i), src[i]);
    persist();
  }

  private PLongArray(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public int length() {
    return ArrayLayout.length(address(), ArrayLayout.LONG_SIZE);
  }

  public long get(int i) {
    return Pmem.getLong(at(Objects.checkIndex(i, length())));
  }

  /** Stores {@code v} at {@code i}; durable on return. */
  public void set(int i, long v) {
    long a = at(Objects.checkIndex(i, length()));
    InBlocks.beforeStore(a, 8);
    Pmem.putLong(a, v);
    Pmem.pwb(a);
    Pmem.psync();
  }

  /**
   * Atomically sets element {@code i} to {@code update} if it holds {@code expected}; the new value
   * is durable when this returns true.
   */
  public boolean compareAndSet(int i, long expected, long update) {
    long a = at(Objects.checkIndex(i, length()));
    if (!Pmem.compareAndSetLong(a, expected, update)) return false;
    Pmem.pwb(a);
    Pmem.psync();
    return true;
  }

  /** The elements, as a volatile array. */
  public long[] toArray() {
    long[] v = new long[length()];
    for (int i = 0; i < v.length; i++) v[i] = Pmem.getLong(at(i));
    return v;
  }

  private long at(int i) {
    return ArrayLayout.element(address(), i, ArrayLayout.LONG_SIZE);
  }
}
