package org.jnvm.jpdt;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;

/**
 * How a J-PDT container stores values of type {@code T} and compares them: the persistent form of a
 * value, and the explicit equivalence between that form and its volatile counterpart (a {@link
 * PString} and a {@link String}, a {@link PByteArray} and a {@code byte[]}). Lookups accept either
 * form: {@link #accepts}, {@link #hash} and {@link #matches} define the equivalence, and equivalent
 * values have equal hashes.
 *
 * <p>Two kinds, by ownership:
 *
 * <ul>
 *   <li>copying types ({@link #copies()} true, e.g. {@link PTypes#strings()}): the container stores
 *       a persistent copy that it owns, returns volatile values, and frees the copy in the
 *       operation that drops it (remove, replace, clear);
 *   <li>reference types (e.g. {@link PTypes#pstrings()}, {@link PTypes#objects()}): the container
 *       stores a reference to the caller's object, returns it as is, and never frees it: the caller
 *       frees what it no longer needs once the call that dropped it has returned.
 * </ul>
 *
 * A container records each type's {@link #code()} in its header, so that it finds its types again
 * when a heap is reopened ({@link PTypes#byCode}).
 *
 * @param <T> what the container takes and returns
 */
public interface PType<T> {
  /** The most bytes an {@link #image} holds: three longs. */
  int IMAGE_BYTES = 3 * Long.BYTES;

  /** The code persisted in container headers; unique among registered types. */
  int code();

  /** A short name for messages. */
  String name();

  /** True if the container stores copies it owns (and frees); false for references. */
  boolean copies();

  /**
   * The persistent form of {@code value} in {@code heap}, written back but not necessarily fenced:
   * the container fences once before publishing it. A copying type returns a new object; a
   * reference type returns {@code value} itself, which must belong to {@code heap}.
   *
   * @throws NullPointerException if {@code value} is null
   * @throws IllegalArgumentException if a reference belongs to another heap
   */
  PObject store(Heap heap, T value);

  /** The value a container returns for the stored object {@code stored}. */
  T load(PObject stored);

  /** True if {@code o} is a form of this type, persistent or volatile, that lookups accept. */
  boolean accepts(Object o);

  /** The hash of an accepted {@code o}; equivalent values, in either form, have equal hashes. */
  int hash(Object o);

  /** True if the stored object holds a value equivalent to {@code o} (false if not accepted). */
  boolean matches(PObject stored, Object o);

  /**
   * {@link #load} of the object a container stored at {@code offset} of {@code heap}. Types whose
   * stored form is fixed may read it in place, without making a proxy (the hot path of a lookup);
   * the default resurrects the proxy.
   */
  default T loadAt(Heap heap, long offset) {
    return load(heap.object(offset));
  }

  /** {@link #matches} for the object a container stored at {@code offset}; see {@link #loadAt}. */
  default boolean matchesAt(Heap heap, long offset, Object o) {
    return matches(heap.object(offset), o);
  }

  /**
   * The image of an accepted {@code o}, for indexes that compare keys in volatile memory instead of
   * reading the stored key: at most {@link #IMAGE_BYTES} bytes, packed little-endian into {@code
   * dst[0..2]} and zero-padded, their number returned; or -1 if {@code o} has none. The contract:
   * equivalent objects (in either form) both have no image or have the same image, and two objects
   * with images are equivalent if and only if their images (length and bytes) are equal. The
   * default: no image (lookups compare with {@link #matchesAt}).
   */
  default int image(Object o, long[] dst) {
    return -1;
  }

  /** {@link #image} of the object a container stored at {@code offset}, read in place. */
  default int imageAt(Heap heap, long offset, long[] dst) {
    return image(heap.object(offset), dst);
  }
}
