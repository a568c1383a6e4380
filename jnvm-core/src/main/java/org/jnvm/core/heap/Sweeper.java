package org.jnvm.core.heap;

import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns the mark bitmap into the allocator's state: the only source of free space after a restart.
 * A small chunk with no marked slot and a large run with an unmarked head become free chunks; the
 * unmarked slots of a small chunk that keeps live objects become free slots. Nothing is written to
 * the heap, so the sweep is idempotent by construction.
 */
final class Sweeper {
  private final MediaView view;
  private final Bitmap marks;

  Sweeper(MediaView view, Bitmap marks) {
    this.view = view;
    this.marks = marks;
  }

  SweepResult sweep(int threads, long liveObjects) {
    int n = view.reserved;
    long[] chunks = new long[n];
    boolean[] claimed = claimLargeRuns(chunks);
    LongStack[][] slots = new LongStack[threads][];
    AtomicLong reclaimed = new AtomicLong();
    Thread[] ts = new Thread[threads];
    for (int t = 0; t < threads; t++) {
      int from = (int) ((long) n * t / threads);
      int to = (int) ((long) n * (t + 1) / threads);
      int me = t;
      Runnable r = () -> slots[me] = sweepRange(from, to, chunks, claimed, reclaimed);
      ts[t] = threads == 1 ? null : new Thread(r, "jnvm-sweep-" + t);
      if (ts[t] == null) r.run();
      else ts[t].start();
    }
    join(ts);
    BitSet free = new BitSet(n);
    for (int c = 0; c < n; c++) {
      if (ChunkLayout.kind(chunks[c]) == ChunkLayout.FREE) free.set(c);
    }
    return new SweepResult(chunks, free, marks, merge(slots), liveObjects, reclaimed.get());
  }

  /** Large runs whose head is marked keep all their chunks. */
  private boolean[] claimLargeRuns(long[] chunks) {
    boolean[] claimed = new boolean[chunks.length];
    for (int c = 0; c < chunks.length; c++) {
      long d = view.descriptors[c];
      if (ChunkLayout.kind(d) == ChunkLayout.LARGE_HEAD
          && marks.get(view.granule(view.g.chunkStart(c)))) {
        // the marker checked this run when it admitted the head
        for (int i = 0; i < ChunkLayout.arg(d); i++) {
          claimed[c + i] = true;
          chunks[c + i] = view.descriptors[c + i];
        }
      }
    }
    return claimed;
  }

  private LongStack[] sweepRange(
      int from, int to, long[] chunks, boolean[] claimed, AtomicLong reclaimed) {
    LongStack[] free = newPools();
    long dead = 0;
    for (int c = from; c < to; c++) {
      long d = view.descriptors[c];
      if (claimed[c]) continue;
      if (ChunkLayout.kind(d) == ChunkLayout.SMALL
          && SizeClasses.indexOfSlot(ChunkLayout.arg(d)) >= 0) {
        dead += sweepSmall(c, ChunkLayout.arg(d), chunks, free);
      } else if (ChunkLayout.kind(d) == ChunkLayout.LARGE_HEAD
          && ObjectLayout.classId(view.base + view.g.chunkStart(c)) != 0) {
        dead++;
      }
    }
    reclaimed.addAndGet(dead);
    return free;
  }

  /** Sweeps one small chunk; returns how many dead objects it held. */
  private long sweepSmall(int c, int slot, long[] chunks, LongStack[] free) {
    long start = view.g.chunkStart(c);
    int count = view.g.chunkSize() / slot;
    LongStack pool = free[SizeClasses.indexOfSlot(slot)];
    int before = pool.size();
    long dead = 0;
    boolean live = false;
    for (int i = count - 1; i >= 0; i--) {
      long off = start + (long) i * slot;
      if (marks.get(view.granule(off))) {
        live = true;
      } else {
        if (ObjectLayout.classId(view.base + off) != 0) dead++;
        pool.push(view.base + off);
      }
    }
    if (live) {
      chunks[c] = view.descriptors[c];
    } else {
      while (pool.size() > before) pool.pop(); // the whole chunk is free instead
    }
    return dead;
  }

  private static LongStack[] newPools() {
    LongStack[] p = new LongStack[SizeClasses.count()];
    for (int i = 0; i < p.length; i++) p[i] = new LongStack(16);
    return p;
  }

  private static LongStack[] merge(LongStack[][] parts) {
    LongStack[] all = parts[0];
    for (int t = 1; t < parts.length; t++) {
      for (int sc = 0; sc < all.length; sc++) {
        LongStack s = parts[t][sc];
        while (!s.isEmpty()) all[sc].push(s.pop());
      }
    }
    return all;
  }

  private static void join(Thread[] ts) {
    for (Thread t : ts) {
      if (t == null) continue;
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted during recovery sweep", e);
      }
    }
  }
}
