package org.jnvm.jpdt;

import java.util.Comparator;

/**
 * A {@link PType} with a total order, for ordered containers. Each value, in either form, has a
 * volatile sort key; ordered containers index their entries by these keys.
 *
 * @param <T> what the container takes and returns
 */
public interface POrderedType<T> extends PType<T> {
  /** The volatile sort key of an accepted {@code o} (persistent or volatile form). */
  Object sortKey(Object o);

  /**
   * The value a container returns for a key whose sort key is {@code sortKey}, when the sort key
   * alone gives it (a {@code String} key is its own sort key), or null: containers then read the
   * stored key. The default: null.
   */
  default T keyOf(Object sortKey) {
    return null;
  }

  /** The order of sort keys; null for their natural order. */
  Comparator<Object> sortOrder();

  /**
   * The order a container reports as its {@code comparator()}, consistent with {@link
   * #sortOrder()}; null for the natural order of {@code T}.
   */
  Comparator<? super T> comparator();
}
