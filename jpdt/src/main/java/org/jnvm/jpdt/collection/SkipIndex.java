package org.jnvm.jpdt.collection;

import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.concurrent.ConcurrentNavigableMap;
import java.util.concurrent.ConcurrentSkipListMap;
import java.util.function.ToIntFunction;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.jpdt.POrderedType;

/** Builds the volatile skip list of an ordered map: empty, or from its persistent entries. */
final class SkipIndex {
  private SkipIndex() {}

  static ConcurrentNavigableMap<Object, Cell> empty(POrderedType<Object> keys) {
    return new ConcurrentSkipListMap<>(keys.sortOrder());
  }

  /**
   * The skip list of every live entry of {@code store}:
   *
   * <ol>
   *   <li>workers scan the segments (each its own) and make each entry's sort key, a volatile copy
   *       of its key (and give the store its stripe, {@code stripeOf});
   *   <li>the handles are sorted by key in parallel ({@link Arrays#parallelSort}); two equivalent
   *       keys are reported as corruption;
   *   <li>the skip list is built from the sorted run in one linear pass.
   * </ol>
   */
  static ConcurrentNavigableMap<Object, Cell> rebuild(
      EntryStore store, POrderedType<Object> keys, ToIntFunction<Object> stripeOf) {
    int workers = Parallel.workersFor(store.capacity());
    List<List<Sorted>> found = new ArrayList<>();
    for (int w = 0; w < Math.max(1, workers); w++) found.add(new ArrayList<>());
    store.scan(
        workers,
        (w, slot, entry) -> {
          Object sk = keys.sortKey(store.key(entry));
          found
              .get(w)
              .add(
                  new Sorted(
                      sk, new Cell(slot, entry, EntryLayout.key(entry), EntryLayout.value(entry))));
          return stripeOf.applyAsInt(sk);
        });
    Sorted[] all = found.stream().flatMap(List::stream).toArray(Sorted[]::new);
    Comparator<Sorted> order = Comparator.comparing(Sorted::key, order(keys));
    Arrays.parallelSort(all, order);
    for (int i = 1; i < all.length; i++) {
      if (order.compare(all[i - 1], all[i]) == 0) {
        throw new HeapCorruptException(
            "two entries with equivalent keys in one map: slots "
                + all[i - 1].cell.slot
                + " and "
                + all[i].cell.slot
                + " file="
                + store.heap.file());
      }
    }
    return new ConcurrentSkipListMap<>(new SortedRun(all, keys.sortOrder()));
  }

  @SuppressWarnings("unchecked")
  private static Comparator<Object> order(POrderedType<Object> keys) {
    Comparator<Object> c = keys.sortOrder();
    return c != null ? c : (a, b) -> ((Comparable<Object>) a).compareTo(b);
  }

  private record Sorted(Object key, Cell cell) implements Map.Entry<Object, Cell> {
    @Override
    public Object getKey() {
      return key;
    }

    @Override
    public Cell getValue() {
      return cell;
    }

    @Override
    public Cell setValue(Cell value) {
      throw new UnsupportedOperationException();
    }
  }

  /**
   * A sorted run seen as a {@link SortedMap}, only as far as the skip list's bulk constructor uses
   * it (comparator and entry iteration), so that the list is built in linear time.
   */
  private static final class SortedRun extends AbstractMap<Object, Cell>
      implements SortedMap<Object, Cell> {
    private final Sorted[] run;
    private final Comparator<Object> comparator;

    SortedRun(Sorted[] run, Comparator<Object> comparator) {
      this.run = run;
      this.comparator = comparator;
    }

    @Override
    public Comparator<? super Object> comparator() {
      return comparator;
    }

    @Override
    public Set<Entry<Object, Cell>> entrySet() {
      return new AbstractSet<>() {
        @Override
        public Iterator<Entry<Object, Cell>> iterator() {
          return Arrays.<Entry<Object, Cell>>asList(run).iterator();
        }

        @Override
        public int size() {
          return run.length;
        }
      };
    }

    @Override
    public SortedMap<Object, Cell> subMap(Object from, Object to) {
      throw new UnsupportedOperationException("a sorted run for bulk loading only");
    }

    @Override
    public SortedMap<Object, Cell> headMap(Object to) {
      throw new UnsupportedOperationException("a sorted run for bulk loading only");
    }

    @Override
    public SortedMap<Object, Cell> tailMap(Object from) {
      throw new UnsupportedOperationException("a sorted run for bulk loading only");
    }

    @Override
    public Object firstKey() {
      return run[0].key;
    }

    @Override
    public Object lastKey() {
      return run[run.length - 1].key;
    }
  }
}
