package org.jnvm.jpdt.collection;

import java.util.AbstractList;
import java.util.Collection;
import java.util.Objects;
import java.util.RandomAccess;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PType;
import org.jnvm.jpdt.PTypes;

/**
 * The engine of {@link PArrayList}: the header ({@link ListLayout}) references an element array
 * whose non-zero references form a prefix, the list's elements in order; the size is volatile,
 * found again at open as the length of that prefix.
 *
 * <p>Invariants, on media at every fence: the array's elements are a prefix of non-zero references
 * to durable objects, followed by zeros only; no reachable word references a freed object (frees
 * follow the durable store that unlinked the object).
 *
 * <p>Every change is one durable 8-byte store, after what it publishes is written back and fenced:
 * an append stores the new element in the first zero slot; a set overwrites one slot; removing the
 * last element zeroes its slot; anything else (insertion or removal inside the list, growth, bulk
 * insertion, range removal, clear) builds a new array and swings the header's reference to it
 * ({@link #replace}). Not thread-safe, like {@link java.util.ArrayList}; iterators fail fast; a
 * change by another thread while a failure-atomic block changes the list is refused ({@link
 * SingleWriter}).
 */
final class ListCore<E> extends AbstractList<E> implements RandomAccess, Guard.Host {
  static final int INITIAL_CAPACITY = 4;

  final Heap heap;
  final PType<Object> type;
  private final long header;
  private long array;
  private int capacity;
  private int size;
  private final SingleWriter writer;

  private ListCore(PObject header, long array) {
    this.heap = header.heap();
    this.header = header.address();
    this.writer = new SingleWriter(heap, this.header, "PArrayList", this);
    this.type = cast(PTypes.byCode(ListLayout.elementType(this.header)));
    this.array = array;
    this.capacity = BlockLayout.length(array);
  }

  /** Formats a new, not yet published, list header: its type and an empty array, durable. */
  static <E> ListCore<E> create(PObject header, PType<E> type) {
    ListArray a = new ListArray(header.heap(), INITIAL_CAPACITY);
    a.pwbObject();
    ListLayout.elementType(header.address(), type.code());
    ListLayout.array(header.address(), a.offset());
    header.persist();
    return new ListCore<>(header, a.address());
  }

  /** The list of an existing header, its size found from the array's prefix of elements. */
  static <E> ListCore<E> open(PObject header) {
    if (!(header.heap().object(ListLayout.array(header.address())) instanceof ListArray a)) {
      throw corrupt(header.heap(), header.address(), "its array is not a ListArray");
    }
    ListCore<E> c = new ListCore<>(header, a.address());
    c.size = c.prefix();
    return c;
  }

  /** Empties the list, then frees its array and header (see {@link PArrayList#freeDeep}). */
  void freeDeep(PObject list) {
    clear();
    heap.free(heap.object(array - heap.base()));
    heap.free(list);
  }

  @Override
  public boolean live() {
    return heap.isLive(header - heap.base());
  }

  /** Re-reads the array and the size from media, after a rolled-back failure-atomic block. */
  @Override
  public void reloadAll() {
    if (!(heap.object(ListLayout.array(header)) instanceof ListArray a)) {
      throw corrupt(heap, header, "its array is not a ListArray");
    }
    array = a.address();
    capacity = BlockLayout.length(array);
    size = prefix();
  }

  private int prefix() {
    int n = 0;
    while (n < capacity && BlockLayout.ref(array, n) != 0) n++;
    for (int i = n; i < capacity; i++) {
      if (BlockLayout.ref(array, i) != 0) {
        throw corrupt(heap, header, "element " + i + " follows an empty slot at " + n);
      }
    }
    return n;
  }

  // ---- reads -------------------------------------------------------------------------------

  @Override
  public int size() {
    return size;
  }

  @Override
  public E get(int index) {
    Objects.checkIndex(index, size);
    return cast(type.load(heap.object(BlockLayout.ref(array, index))));
  }

  @Override
  public boolean contains(Object o) {
    return indexOf(o) >= 0;
  }

  /** The first index of an element equivalent to {@code o} (either form), or -1. */
  @Override
  public int indexOf(Object o) {
    for (int i = 0; i < size; i++) {
      if (type.matches(heap.object(BlockLayout.ref(array, i)), o)) return i;
    }
    return -1;
  }

  /** Removes the first element equivalent to {@code o} (either form). */
  @Override
  public boolean remove(Object o) {
    int i = indexOf(o);
    if (i < 0) return false;
    remove(i);
    return true;
  }

  @Override
  public int lastIndexOf(Object o) {
    for (int i = size - 1; i >= 0; i--) {
      if (type.matches(heap.object(BlockLayout.ref(array, i)), o)) return i;
    }
    return -1;
  }

  // ---- single-element changes --------------------------------------------------------------

  /**
   * Replaces element {@code index}: store the new element (written back), fence; store its
   * reference in the slot, write back, psync; then free the old one if the list owns it.
   */
  @Override
  public E set(int index, E element) {
    writer.enter();
    Objects.checkIndex(index, size);
    PObject fresh = type.store(heap, Objects.requireNonNull(element, "element"));
    Pmem.pfence();
    long old = BlockLayout.ref(array, index);
    publish(index, fresh.offset());
    return drop(old);
  }

  /**
   * Inserts at {@code index}. At the end of an array with room: fence (the element is durable),
   * store its reference in the first zero slot, write back, psync. Otherwise: {@link #replace}.
   */
  @Override
  public void add(int index, E element) {
    writer.enter();
    Objects.checkIndex(index, size + 1);
    PObject fresh = type.store(heap, Objects.requireNonNull(element, "element"));
    if (index == size && size < capacity) {
      Pmem.pfence();
      publish(index, fresh.offset());
    } else {
      try {
        replace(index, index, new long[] {fresh.offset()});
      } catch (RuntimeException e) {
        if (type.copies()) heap.free(fresh);
        throw e;
      }
    }
    size++;
    modCount++;
  }

  /**
   * Removes element {@code index}. The last one: zero its slot, write back, psync. Any other:
   * {@link #replace}. Then free it if the list owns it.
   */
  @Override
  public E remove(int index) {
    writer.enter();
    Objects.checkIndex(index, size);
    long old = BlockLayout.ref(array, index);
    if (index == size - 1) publish(index, 0);
    else replace(index, index + 1, new long[0]);
    size--;
    modCount++;
    return drop(old);
  }

  // ---- bulk changes, each atomic -----------------------------------------------------------

  /** Inserts all of {@code c} at {@code index} atomically: one new array (see {@link #replace}). */
  @Override
  public boolean addAll(int index, Collection<? extends E> c) {
    writer.enter();
    Objects.checkIndex(index, size + 1);
    long[] fresh = new long[c.size()];
    int n = 0;
    try {
      for (E e : c) { // n counts stored elements only: a store that throws has none to free
        long stored = type.store(heap, Objects.requireNonNull(e, "element")).offset();
        fresh[n++] = stored;
      }
      if (n > 0) replace(index, index, fresh);
    } catch (RuntimeException e) {
      if (type.copies()) for (int i = 0; i < n; i++) heap.free(heap.object(fresh[i]));
      throw e;
    }
    size += n;
    modCount++;
    return n > 0;
  }

  @Override
  public boolean addAll(Collection<? extends E> c) {
    writer.enter();
    return addAll(size, c);
  }

  /** Removes {@code [from, to)} atomically: one new array (see {@link #replace}). */
  @Override
  protected void removeRange(int from, int to) {
    writer.enter();
    Objects.checkFromToIndex(from, to, size);
    if (from == to) return;
    long[] removed = new long[to - from];
    for (int i = from; i < to; i++) removed[i - from] = BlockLayout.ref(array, i);
    replace(from, to, new long[0]);
    size -= to - from;
    modCount++;
    for (long r : removed) drop(r);
  }

  /** Empties the list atomically: one new, empty array (see {@link #replace}). */
  @Override
  public void clear() {
    writer.enter();
    removeRange(0, size);
  }

  // ---- the two durable stores --------------------------------------------------------------

  private void publish(int index, long ref) {
    long at = BlockLayout.address(array, index);
    InBlock.beforeStore(at, 8);
    Pmem.putLong(at, ref);
    Pmem.pwb(at);
    Pmem.psync();
  }

  /**
   * Replaces elements {@code [from, to)} by {@code inserted} (references to objects written back),
   * copy-on-write:
   *
   * <ol>
   *   <li>allocate an array with room for the new size (the capacity doubles as needed, and falls
   *       back to the initial one when the list becomes empty);
   *   <li>copy the references before {@code from}, the inserted ones, and those from {@code to};
   *       write the array back; fence (this also makes the inserted objects durable);
   *   <li>store the new array's offset in the header, write back, psync: the new content is there,
   *       all at once;
   *   <li>free the old array (the caller frees elements dropped from the list, if owned).
   * </ol>
   *
   * A crash before step 3 is durable leaves the header on the old array and the new objects
   * unreachable (reclaimed by recovery). On failure (heap full) nothing changed.
   */
  private void replace(int from, int to, long[] inserted) {
    int newSize = size - (to - from) + inserted.length;
    int cap = newSize == 0 ? INITIAL_CAPACITY : Math.max(capacity, INITIAL_CAPACITY);
    while (cap < newSize) cap *= 2;
    ListArray a = new ListArray(heap, cap);
    long dst = a.address();
    copy(0, dst, 0, from);
    for (int i = 0; i < inserted.length; i++) BlockLayout.ref(dst, from + i, inserted[i]);
    copy(to, dst, from + inserted.length, size - to);
    a.pwbObject();
    Pmem.pfence();
    long old = array;
    InBlock.beforeStore(ListLayout.arrayAddress(header), 8);
    ListLayout.array(header, a.offset());
    Pmem.pwb(ListLayout.arrayAddress(header));
    Pmem.psync();
    array = dst;
    capacity = cap;
    heap.free(heap.object(old - heap.base()));
  }

  /**
   * Copies {@code n} references from this list's array at {@code from} to {@code dst} at {@code
   * at}.
   */
  private void copy(int from, long dst, int at, int n) {
    if (n > 0) Pmem.copy(BlockLayout.address(array, from), BlockLayout.address(dst, at), 8L * n);
  }

  /** The element at {@code ref}, loaded; then freed if the list owns it (it is unreachable). */
  private E drop(long ref) {
    PObject o = heap.object(ref);
    E e = cast(type.load(o));
    if (type.copies()) heap.free(o);
    return e;
  }

  int capacity() {
    return capacity;
  }

  private static HeapCorruptException corrupt(Heap heap, long header, String what) {
    return new HeapCorruptException(
        "bad list at 0x"
            + Long.toHexString(header - heap.base())
            + ": "
            + what
            + " file="
            + heap.file());
  }

  @SuppressWarnings("unchecked")
  private static <T> T cast(Object o) {
    return (T) o;
  }
}
