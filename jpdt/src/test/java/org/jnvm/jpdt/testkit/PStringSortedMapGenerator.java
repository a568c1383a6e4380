package org.jnvm.jpdt.testkit;

import com.google.common.collect.testing.TestSortedMapGenerator;
import java.util.AbstractMap.SimpleImmutableEntry;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Map.Entry;
import java.util.SortedMap;
import java.util.function.Supplier;
import org.jnvm.core.heap.Heap;
import org.jnvm.jpdt.PString;

/**
 * A Guava sorted-map generator whose keys and values are {@link PString}s of one heap: the map
 * generator's samples, plus keys below and above them, in natural (String) order.
 */
public final class PStringSortedMapGenerator extends PStringMapGenerator
    implements TestSortedMapGenerator<PString, PString> {
  private final Heap heap;
  private final Supplier<? extends SortedMap<PString, PString>> empty;
  private Entry<PString, PString>[] extremes;

  public PStringSortedMapGenerator(
      Heap heap, Supplier<? extends SortedMap<PString, PString>> empty) {
    super(heap, () -> empty.get());
    this.heap = heap;
    this.empty = empty;
  }

  @Override
  public SortedMap<PString, PString> create(Object... entries) {
    SortedMap<PString, PString> m = empty.get();
    for (Object o : entries) {
      @SuppressWarnings("unchecked")
      Entry<PString, PString> e = (Entry<PString, PString>) o;
      m.put(e.getKey(), e.getValue());
    }
    return m;
  }

  @Override
  public Iterable<Entry<PString, PString>> order(List<Entry<PString, PString>> insertionOrder) {
    List<Entry<PString, PString>> sorted = new ArrayList<>(insertionOrder);
    sorted.sort(Comparator.comparing(Map.Entry::getKey));
    return sorted;
  }

  private synchronized Entry<PString, PString> extreme(int i) {
    if (extremes == null) {
      @SuppressWarnings({"unchecked", "rawtypes"})
      Entry<PString, PString>[] e = new Entry[4];
      String[] keys = {"!! a", "!! b", "~~ a", "~~ b"};
      for (int k = 0; k < 4; k++) {
        e[k] = new SimpleImmutableEntry<>(new PString(heap, keys[k]), new PString(heap, "below"));
      }
      extremes = e;
    }
    return extremes[i];
  }

  @Override
  public Entry<PString, PString> belowSamplesLesser() {
    return extreme(0);
  }

  @Override
  public Entry<PString, PString> belowSamplesGreater() {
    return extreme(1);
  }

  @Override
  public Entry<PString, PString> aboveSamplesLesser() {
    return extreme(2);
  }

  @Override
  public Entry<PString, PString> aboveSamplesGreater() {
    return extreme(3);
  }
}
