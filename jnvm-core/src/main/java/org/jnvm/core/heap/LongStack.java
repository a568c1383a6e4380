package org.jnvm.core.heap;

import java.util.Arrays;

/** A growable stack of longs, no boxing. Not thread-safe. */
final class LongStack {
  private long[] items;
  private int size;

  LongStack(int capacity) {
    items = new long[Math.max(4, capacity)];
  }

  void push(long v) {
    if (size == items.length) items = Arrays.copyOf(items, size * 2);
    items[size++] = v;
  }

  /** The item at {@code i}, 0 being the oldest. */
  long get(int i) {
    return items[i];
  }

  long pop() {
    return items[--size];
  }

  /** Bytes of the backing array. */
  long capacityBytes() {
    return 8L * items.length;
  }

  int size() {
    return size;
  }

  boolean isEmpty() {
    return size == 0;
  }

  /** Moves up to {@code n} items into {@code dst}, returning how many moved. */
  int drainTo(long[] dst, int n) {
    int k = Math.min(n, size);
    System.arraycopy(items, size - k, dst, 0, k);
    size -= k;
    return k;
  }

  /**
   * Moves the {@code n} oldest items (the bottom of the stack) into {@code dst}. Used to hand work
   * to another thread: the oldest entries are the farthest from what this thread is about to scan,
   * so two threads do not mark neighbouring memory.
   */
  void drainOldestTo(long[] dst, int n) {
    System.arraycopy(items, 0, dst, 0, n);
    System.arraycopy(items, n, items, 0, size - n);
    size -= n;
  }

  /** Keeps only the items {@code keep} accepts; returns how many were removed. */
  int retain(java.util.function.LongPredicate keep) {
    int n = 0;
    for (int i = 0; i < size; i++) {
      if (keep.test(items[i])) items[n++] = items[i];
    }
    int removed = size - n;
    size = n;
    return removed;
  }

  void forEach(java.util.function.LongConsumer action) {
    for (int i = 0; i < size; i++) action.accept(items[i]);
  }
}
