package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/** A variable-size test object of any payload size, marked at both ends, without a Java copy. */
public final class Span extends PObject {
  public static final PersistentClass<Span> TYPE =
      PersistentClass.builder(Span.class.getName(), (h, a) -> new Span(h, a, null))
          .layout("bytes")
          .build();

  /** A span of {@code size >= 16} bytes whose first and last 8 bytes hold {@code mark}. */
  public Span(Heap heap, int size, long mark) {
    super(heap, TYPE, size);
    Pmem.putLong(fieldAddress(0), mark);
    Pmem.putLong(fieldAddress(size - 8), mark);
    Pmem.pwb(fieldAddress(0), 8);
    Pmem.pwb(fieldAddress(size - 8), 8);
    Pmem.psync();
  }

  private Span(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  public long head() {
    return Pmem.getLong(fieldAddress(0));
  }

  public long tail() {
    return Pmem.getLong(fieldAddress(payloadSize() - 8));
  }
}
