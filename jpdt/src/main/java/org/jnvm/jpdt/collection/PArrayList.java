package org.jnvm.jpdt.collection;

import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.ListIterator;
import java.util.RandomAccess;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;
import org.jnvm.jpdt.PType;

/**
 * A persistent list: a {@link List} whose elements live in a heap, durable when each operation
 * returns, growable. Single-threaded, like {@link java.util.ArrayList}; iterators fail fast.
 *
 * <pre>{@code
 * PArrayList<String> log = new PArrayList<>(heap, PTypes.strings());
 * heap.roots().put("log", log);
 * log.add("started");                       // durable on return
 * }</pre>
 *
 * <p><b>Crash consistency.</b> Elements are a prefix of non-zero references in one array; the size
 * is never stored. Appending, setting and removing the last element each make one 8-byte store
 * durable (an append: two fences); any other change (insertion or removal inside the list, growth,
 * {@code addAll}, {@code subList(..).clear()}, {@code clear}) copies the references into a new
 * array and swings one reference to it, so it is atomic however many elements it moves ({@link
 * ListCore}). Elements of copying types are owned and freed in the operation that drops them.
 *
 * <p>Nulls are refused. {@code contains}, {@code indexOf} and {@code remove(Object)} use the
 * element type's equivalence, so a {@code String} finds a {@code PString} element.
 *
 * @param <E> elements, as the element type returns them
 */
public final class PArrayList<E> extends PObject implements List<E>, RandomAccess {
  public static final PersistentClass<PArrayList<?>> TYPE =
      PersistentClass.<PArrayList<?>>builder(
              "org.jnvm.jpdt.collection.PArrayList", (h, a) -> new PArrayList<>(h, a, null))
          .fixedSize(ListLayout.SIZE)
          .refs(ListLayout.ARRAY_OFFSET)
          .layout(ListLayout.DESCRIPTION)
          .build();

  private final ListCore<E> core;

  /** An empty list in the default heap ({@link JNVM#heap()}), durable; publish it to keep it. */
  public PArrayList(PType<E> type) {
    this(JNVM.heap(), type);
  }

  /** An empty list in {@code heap}, durable; publish it (a root, a reference) to keep it. */
  public PArrayList(Heap heap, PType<E> type) {
    super(heap, TYPE);
    core = ListCore.create(this, type);
    States.put(heap, offset(), TYPE, core);
  }

  private PArrayList(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
    core = States.of(heap, offset(), TYPE, () -> ListCore.open(this));
  }

  /** The type of the elements, as recorded in the list. */
  @SuppressWarnings("unchecked")
  public PType<E> elementType() {
    return (PType<E>) core.type;
  }

  /** References the element array can hold before it is replaced by a larger one. */
  public int capacity() {
    return core.capacity();
  }

  @Override
  public int size() {
    return core.size();
  }

  @Override
  public boolean isEmpty() {
    return core.isEmpty();
  }

  @Override
  public boolean contains(Object o) {
    return core.contains(o);
  }

  @Override
  public Iterator<E> iterator() {
    return core.iterator();
  }

  @Override
  public Object[] toArray() {
    return core.toArray();
  }

  @Override
  public <T> T[] toArray(T[] a) {
    return core.toArray(a);
  }

  @Override
  public boolean add(E e) {
    return core.add(e);
  }

  @Override
  public boolean remove(Object o) {
    return core.remove(o);
  }

  @Override
  public boolean containsAll(Collection<?> c) {
    return core.containsAll(c);
  }

  @Override
  public boolean addAll(Collection<? extends E> c) {
    return core.addAll(c);
  }

  @Override
  public boolean addAll(int index, Collection<? extends E> c) {
    return core.addAll(index, c);
  }

  @Override
  public boolean removeAll(Collection<?> c) {
    return core.removeAll(c);
  }

  @Override
  public boolean retainAll(Collection<?> c) {
    return core.retainAll(c);
  }

  @Override
  public void clear() {
    core.clear();
  }

  /**
   * Frees this list and everything it owns (the elements it copied, its array), now rather than at
   * the next recovery. The caller has made it unreachable durably, as for {@link
   * org.jnvm.core.heap.Heap#free}; its proxies must not be used afterwards. Inside a failure-atomic
   * block the frees happen when the block commits.
   */
  public void freeDeep() {
    core.freeDeep(this);
  }

  @Override
  public E get(int index) {
    return core.get(index);
  }

  @Override
  public E set(int index, E element) {
    return core.set(index, element);
  }

  @Override
  public void add(int index, E element) {
    core.add(index, element);
  }

  @Override
  public E remove(int index) {
    return core.remove(index);
  }

  @Override
  public int indexOf(Object o) {
    return core.indexOf(o);
  }

  @Override
  public int lastIndexOf(Object o) {
    return core.lastIndexOf(o);
  }

  @Override
  public ListIterator<E> listIterator() {
    return core.listIterator();
  }

  @Override
  public ListIterator<E> listIterator(int index) {
    return core.listIterator(index);
  }

  @Override
  public List<E> subList(int fromIndex, int toIndex) {
    return core.subList(fromIndex, toIndex);
  }

  /** List equality ({@link List#equals}): same elements in the same order. */
  @Override
  public boolean equals(Object o) {
    return o == this || core.equals(o);
  }

  @Override
  public int hashCode() {
    return core.hashCode();
  }

  /** The elements, as {@code AbstractCollection} prints them. */
  @Override
  public String toString() {
    return core.toString();
  }
}
