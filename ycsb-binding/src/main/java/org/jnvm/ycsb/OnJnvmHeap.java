package org.jnvm.ycsb;

import org.jnvm.core.heap.Heap;

/**
 * A binding that may keep its records in a J-NVM heap: the restart benchmark reads what the heap's
 * recovery did when it was opened ({@link Heap#recoveryReport()}).
 */
public interface OnJnvmHeap {
  /** The J-NVM heap the binding's records are in, or null if they are in none (or not open). */
  Heap jnvmHeap();
}
