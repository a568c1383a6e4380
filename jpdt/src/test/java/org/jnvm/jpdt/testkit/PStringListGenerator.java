package org.jnvm.jpdt.testkit;

import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestListGenerator;
import java.util.List;
import java.util.function.Supplier;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.PString;

/** A Guava list generator whose elements are {@link PString}s of one heap. */
public final class PStringListGenerator implements TestListGenerator<PString> {
  private final Heap heap;
  private final Supplier<List<PString>> empty;
  private SampleElements<PString> samples;

  public PStringListGenerator(Heap heap, Supplier<List<PString>> empty) {
    this.heap = heap;
    this.empty = empty;
  }

  @Override
  public synchronized SampleElements<PString> samples() {
    if (samples == null) {
      samples =
          new SampleElements<>(
              new PString(heap, "a"),
              new PString(heap, "b"),
              new PString(heap, "c"),
              new PString(heap, "d"),
              new PString(heap, "e"));
    }
    return samples;
  }

  @Override
  public List<PString> create(Object... elements) {
    List<PString> l = empty.get();
    for (Object e : elements) l.add((PString) e);
    return l;
  }

  @Override
  public PString[] createArray(int length) {
    return new PString[length];
  }

  @Override
  public Iterable<PString> order(List<PString> insertionOrder) {
    return insertionOrder;
  }
}
