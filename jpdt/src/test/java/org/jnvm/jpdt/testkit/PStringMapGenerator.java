package org.jnvm.jpdt.testkit;

import com.google.common.collect.testing.SampleElements;
import com.google.common.collect.testing.TestMapGenerator;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.function.Supplier;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.PString;

/**
 * A Guava map generator whose keys and values are {@link PString}s of one heap (Guava's string
 * samples, made persistent once), for maps of reference types.
 */
public class PStringMapGenerator implements TestMapGenerator<PString, PString> {
  private static final String[][] SAMPLES = {
    {"one", "January"}, {"two", "February"}, {"three", "March"}, {"four", "April"}, {"five", "May"}
  };

  private final Heap heap;
  private final Supplier<Map<PString, PString>> empty;
  private SampleElements<Entry<PString, PString>> samples;

  public PStringMapGenerator(Heap heap, Supplier<Map<PString, PString>> empty) {
    this.heap = heap;
    this.empty = empty;
  }

  @Override
  public synchronized SampleElements<Entry<PString, PString>> samples() {
    if (samples == null) {
      samples = new SampleElements<>(entry(0), entry(1), entry(2), entry(3), entry(4));
    }
    return samples;
  }

  private Entry<PString, PString> entry(int i) {
    return new SimpleImmutableEntry<>(
        new PString(heap, SAMPLES[i][0]), new PString(heap, SAMPLES[i][1]));
  }

  @Override
  public Map<PString, PString> create(Object... entries) {
    Map<PString, PString> m = empty.get();
    for (Object o : entries) {
      @SuppressWarnings("unchecked")
      Entry<PString, PString> e = (Entry<PString, PString>) o;
      m.put(e.getKey(), e.getValue());
    }
    return m;
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public Entry<PString, PString>[] createArray(int length) {
    return new Entry[length];
  }

  @Override
  public Iterable<Entry<PString, PString>> order(List<Entry<PString, PString>> insertionOrder) {
    return insertionOrder;
  }

  @Override
  public PString[] createKeyArray(int length) {
    return new PString[length];
  }

  @Override
  public PString[] createValueArray(int length) {
    return new PString[length];
  }
}
