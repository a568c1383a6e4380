package org.jnvm.jpdt.collection;

import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapWalk;
import org.jnvm.jpdt.PType;
import org.jnvm.jpdt.PTypes;

/**
 * {@link ContainerChecker}'s checks of one hash map's persistent index ({@link BucketIndex}): the
 * root, each part's directory and each bucket are of their class, and each live slot's record is
 * where a lookup of its key's hash looks (the index's invariant). A key is hashed by its map's key
 * type, as the map's own lookups hash it: strings and byte arrays by content, an object key by its
 * class's {@code hashCode}. A key whose class or user type this JVM does not have (the checking
 * tool run without the program's classes) cannot be hashed: for it only the structure is checked.
 */
final class IndexCheck {
  private final Heap heap;
  private final long root;
  private final PType<Object> keys;

  private IndexCheck(Heap heap, long root, PType<Object> keys) {
    this.heap = heap;
    this.root = root;
    this.keys = keys;
  }

  /** The check of the index at {@code rootRef}, or null if its structure is already wrong. */
  @SuppressWarnings("unchecked")
  static IndexCheck of(
      Heap heap, HeapWalk w, Consumer<String> problems, String where, long rootRef, int kc) {
    String what = where + " index";
    if (rootRef == 0) {
      problems.accept(what + ": no root (an indexed map always has one)");
      return null;
    }
    if (!ContainerChecker.isA(w, rootRef, BucketParts.class.getName(), what, problems)) return null;
    long root = heap.base() + rootRef;
    boolean ok = true;
    for (int p = 0; p < BucketIndex.PARTS; p++) {
      long dir = BlockLayout.ref(root, p);
      if (dir == 0) continue;
      String d = what + " part " + p;
      if (!ContainerChecker.isA(w, dir, BucketDirectory.class.getName(), d, problems)) {
        ok = false;
        continue;
      }
      long a = heap.base() + dir;
      for (int i = 0; i < BlockLayout.length(a); i++) {
        long b = BlockLayout.ref(a, i);
        ok &= ContainerChecker.isA(w, b, Bucket.class.getName(), d + " word " + i, problems);
      }
    }
    return ok ? new IndexCheck(heap, root, keyType(kc)) : null;
  }

  /**
   * The map's key type, if this JVM has it: always for the built-in codes; for a user code, if the
   * program registered it. Null otherwise (only the index's structure is then checked).
   */
  @SuppressWarnings("unchecked")
  private static PType<Object> keyType(int kc) {
    try {
      return (PType<Object>) PTypes.byCode(kc);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * True if the record of {@code slot}, whose key is {@code key}, is where a lookup of the key's
   * hash looks, or if the key cannot be hashed here (its type or class missing from this JVM; an
   * unreadable key, which the entry's own checks report).
   */
  boolean holds(int slot, long key) {
    if (keys == null) return true;
    int hash;
    try {
      hash = hash(key);
    } catch (RuntimeException e) {
      return true;
    }
    long b = BucketIndex.bucketOf(heap, root, hash);
    return b != 0 && BucketIndex.holds(b, BucketLayout.record(hash, slot));
  }

  int hash(long key) {
    return keys.hash(heap.object(key));
  }
}
