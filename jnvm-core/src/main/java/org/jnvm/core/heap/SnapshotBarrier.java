package org.jnvm.core.heap;

import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.pmem.StoreBarrier;

/**
 * The store barrier of a background mark: before any store into the data area of the snapshot (the
 * chunks that were in use when the heap opened), the objects it touches are shaded ({@link
 * Marker#shadeBeforeStore}). Stores into chunks that were free at the snapshot (the objects
 * allocated since) and outside this heap pass untouched.
 *
 * <p>Objects are found from the snapshot's chunk descriptors, which stay valid while the barrier is
 * registered: the allocator does not reuse a chunk in use at the snapshot until the sweep has run
 * (see {@link BackgroundRecovery}).
 */
final class SnapshotBarrier implements StoreBarrier.Hook {
  private final MediaView view;
  private final Marker marker;
  private final long dataStart;
  private final long dataEnd;

  /** For each chunk of a large run but its head, the head's chunk; -1 elsewhere. */
  private final int[] heads;

  /** Calls inside the snapshot's range now; {@link #close} waits for none to be left. */
  private final AtomicInteger inFlight = new AtomicInteger();

  private volatile boolean active = true;

  SnapshotBarrier(MediaView view, Marker marker) {
    this.view = view;
    this.marker = marker;
    this.dataStart = view.base + view.g.dataOffset();
    this.dataEnd = view.base + view.g.chunkStart(view.reserved);
    this.heads = heads(view.descriptors);
  }

  private static int[] heads(long[] d) {
    int[] h = new int[d.length];
    int head = -1;
    for (int c = 0; c < d.length; c++) {
      int k = ChunkLayout.kind(d[c]);
      if (k == ChunkLayout.LARGE_HEAD) head = c;
      else if (k != ChunkLayout.LARGE_CONT) head = -1;
      h[c] = k == ChunkLayout.LARGE_CONT ? head : -1;
    }
    return h;
  }

  @Override
  public void beforeStore(long address, long length) {
    if (address >= dataEnd || address + length <= dataStart || length <= 0) return;
    inFlight.incrementAndGet();
    try {
      if (!active) return;
      long from = Math.max(address, dataStart) - view.base;
      long to = Math.min(address + length, dataEnd) - view.base;
      for (int c = view.g.chunkOf(from), last = view.g.chunkOf(to - 1); c <= last; c++) {
        shadeIn(c, from, to);
      }
    } finally {
      inFlight.decrementAndGet();
    }
  }

  /**
   * Unregisters and returns once no call is left inside: a call that read the hooks before the
   * unregistration could otherwise still mark an object after the sweep has read the marks (the
   * bitmap the allocator then owns). Called once the mark has ended.
   */
  void close() {
    active = false;
    StoreBarrier.unregister(this);
    while (inFlight.get() != 0) Thread.onSpinWait(); // each call reads one object at most
  }

  /** Shades the snapshot objects of chunk {@code c} that overlap {@code [from, to)}. */
  private void shadeIn(int c, long from, long to) {
    long d = view.descriptors[c];
    long start = view.g.chunkStart(c);
    switch (ChunkLayout.kind(d)) {
      case ChunkLayout.SMALL -> {
        int slot = ChunkLayout.arg(d);
        if (SizeClasses.indexOfSlot(slot) < 0) return; // malformed: the mark reports it if reached
        long lo = Math.max(from, start) - start;
        long hi = Math.min(to, start + view.g.chunkSize()) - start;
        int slots = view.g.chunkSize() / slot;
        for (long i = lo / slot; i <= (hi - 1) / slot && i < slots; i++) {
          marker.shadeBeforeStore(start + i * slot);
        }
      }
      case ChunkLayout.LARGE_HEAD -> marker.shadeBeforeStore(start);
      case ChunkLayout.LARGE_CONT -> {
        if (heads[c] >= 0) marker.shadeBeforeStore(view.g.chunkStart(heads[c]));
      }
      default -> {
        // free at the snapshot: only objects allocated since live here
      }
    }
  }
}
