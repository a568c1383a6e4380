package org.jnvm.bench.support;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.core.pmem.Pmem;

/**
 * {@value #LINES} cache lines of raw persistent memory for the gateway benchmark. Objects start
 * line-aligned, so {@link #lineAddress}{@code (i)} (payload offset {@code 64 * i}) lies in the
 * object's line {@code i}: every index names a different line.
 */
public final class LineBlock extends PObject {
  public static final int LINES = 64;

  public static final PersistentClass<LineBlock> TYPE =
      PersistentClass.builder(LineBlock.class.getName(), (h, a) -> new LineBlock(h, a, null))
          .fixedSize(LINES * Pmem.LINE)
          .layout("lines:bytes[" + LINES * Pmem.LINE + "]@0")
          .build();

  public LineBlock(Heap heap) {
    super(heap, TYPE);
  }

  private LineBlock(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  /** An 8-byte aligned address in line {@code i} of this block. */
  public long lineAddress(int i) {
    if (i < 0 || i >= LINES) throw new IndexOutOfBoundsException("line=" + i + " lines=" + LINES);
    return fieldAddress((long) i * Pmem.LINE);
  }
}
