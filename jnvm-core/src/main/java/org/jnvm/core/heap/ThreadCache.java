package org.jnvm.core.heap;

/**
 * One thread's free slots, per size class, so the common allocation and free touch no shared state.
 * Refilled from and spilled to the allocator's central pools in batches.
 */
final class ThreadCache {
  static final int BATCH = 32;
  static final int CAPACITY = 2 * BATCH;

  final long[][] slots = new long[SizeClasses.count()][CAPACITY];
  final int[] counts = new int[SizeClasses.count()];
}
