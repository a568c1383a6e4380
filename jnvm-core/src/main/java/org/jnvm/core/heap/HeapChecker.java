package org.jnvm.core.heap;

import java.util.function.Consumer;

/**
 * A layer's own checks of an open heap, run by {@link HeapCheck} (and so by {@code jnvm check})
 * after the core verifier passed: J-PFA's logs, J-PDT's containers (typed slots, counts), a store's
 * records. Found through {@link java.util.ServiceLoader}; a layer registers its implementation in
 * {@code META-INF/services/org.jnvm.core.heap.HeapChecker}.
 *
 * <p>Rules: a checker reads only (the heap is opened read-only), never stops at the first problem,
 * and names in each problem the object's offset, the field and the values it found. Its {@link
 * #repair} is the only place a checker writes.
 */
public interface HeapChecker {
  /** A short name for reports, e.g. {@code jpdt containers}. */
  String name();

  /**
   * Reports each problem of {@code heap} to {@code problems}. {@code reachable} lists every
   * reachable object (the verifier's mark), so a checker finds its objects without knowing where
   * they hang.
   */
  void check(Heap heap, HeapWalk reachable, Consumer<String> problems);

  /**
   * The order of the layers' repairs, lowest first: a layer is repaired after those it stands on
   * (J-PFA's logs and J-PDT's containers before the store whose records sit in containers).
   */
  default int layer() {
    return 0;
  }

  /**
   * {@code jnvm check --repair}: makes {@code heap} (open read-write, its bad references already
   * cut) pass this checker by dropping what it cannot trust (a broken entry, record, log), never by
   * inventing content, and reports each drop to {@code lost}: the key where known, a count
   * otherwise; a fix that loses nothing (a constant restored) goes to {@code fixed}. Every store is
   * written back; the caller fences. The default repairs nothing.
   */
  default void repair(
      Heap heap, HeapWalk reachable, Consumer<String> fixed, Consumer<String> lost) {}
}
