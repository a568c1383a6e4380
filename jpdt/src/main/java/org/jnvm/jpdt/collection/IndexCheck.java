package org.jnvm.jpdt.collection;

import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapWalk;
import org.jnvm.jpdt.PType;
import org.jnvm.jpdt.PTypes;

/**
 * {@link ContainerChecker}'s checks of one hash map's persistent index ({@link BucketIndex}): the
 * root, each part's directory and each bucket are of their class, and each live slot's record is
 * where a lookup of its key's hash looks (the index's invariant). Only keys hashed by content
 * (strings, byte arrays) are hashed: an object key's hash is its class's, which the checking tool
 * may not have loaded; for those only the structure is checked.
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
    boolean contentKeys = ContainerChecker.expectedClass(kc) != null; // strings, byte arrays
    PType<Object> keys = contentKeys ? (PType<Object>) PTypes.byCode(kc) : null;
    return ok ? new IndexCheck(heap, root, keys) : null;
  }

  /**
   * True if the record of {@code slot}, whose key is {@code key}, is where a lookup of the key's
   * hash looks, or if the key cannot be hashed here (an object key; an unreadable key, which the
   * entry's own checks report).
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
