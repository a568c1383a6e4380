package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.LockSupport;

/**
 * Marks every object reachable from the given roots, in parallel, using only the media view
 * (headers and persisted class layouts): no proxy is created, nothing is written to the heap.
 *
 * <ol>
 *   <li>Each root is checked and marked, then handed out as work.
 *   <li>A worker pops an object, visits its references, checks each target and pushes those it is
 *       first to mark (an atomic test-and-set on the mark bitmap).
 *   <li>Workers with a long stack donate packets to a shared queue; idle workers take them. The
 *       mark ends when no worker is busy and the queue is empty.
 * </ol>
 *
 * In strict mode the first problem aborts with {@link HeapCorruptException}; in collecting mode
 * (the verifier) problems are recorded and the bad reference is not followed.
 */
final class Marker {
  private static final int PACKET = 256;
  private static final long IDLE_PARK_NANOS = 50_000;
  static final int MAX_PROBLEMS = 100;

  private final MediaView view;
  private final Bitmap marks;
  private final boolean collect;
  private final ConcurrentLinkedQueue<long[]> shared = new ConcurrentLinkedQueue<>();
  private final AtomicInteger busy = new AtomicInteger();
  private final AtomicLong marked = new AtomicLong();
  private final AtomicReference<RuntimeException> failure = new AtomicReference<>();
  private final List<String> problems = new ArrayList<>();

  /**
   * Collecting mode: (object offset, payload field offset) of each bad reference; 0 = superblock.
   */
  private final List<long[]> badRefs = new ArrayList<>();

  Marker(MediaView view, Bitmap marks, boolean collect) {
    this.view = view;
    this.marks = marks;
    this.collect = collect;
  }

  /** Marks from {@code roots} (file offsets) with {@code threads} workers. */
  long mark(long[] roots, int threads) {
    LongStack first = new LongStack(roots.length);
    for (long r : roots) {
      if (admit(r, -1, 0)) first.push(r);
    }
    long[] packet = new long[first.size()];
    first.drainTo(packet, packet.length);
    shared.add(packet);
    busy.set(threads);
    runWorkers(threads);
    if (failure.get() != null) throw failure.get();
    return marked.get();
  }

  /** Collecting mode: each bad reference as {object offset, payload field offset, target}. */
  List<long[]> badRefs() {
    synchronized (problems) {
      return List.copyOf(badRefs);
    }
  }

  List<String> problems() {
    synchronized (problems) {
      return List.copyOf(problems);
    }
  }

  private void runWorkers(int threads) {
    if (threads == 1) {
      work();
      return;
    }
    Thread[] ts = new Thread[threads];
    for (int i = 0; i < threads; i++) {
      ts[i] = new Thread(this::work, "jnvm-mark-" + i);
      ts[i].start();
    }
    for (Thread t : ts) {
      try {
        t.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted during recovery mark", e);
      }
    }
  }

  private void work() {
    LongStack local = new LongStack(4 * PACKET);
    long scanned = 0;
    try {
      while (failure.get() == null) {
        if (local.isEmpty() && !take(local)) break;
        scan(local.pop(), local);
        scanned++;
        if (local.size() > 2 * PACKET && shared.isEmpty()) donate(local);
      }
    } catch (RuntimeException e) {
      failure.compareAndSet(null, e);
    } finally {
      marked.addAndGet(scanned);
    }
  }

  private void scan(long off, LongStack local) {
    view.forEachRef(
        off,
        (field, ref) -> {
          if (ref != 0 && admit(ref, off, field)) local.push(ref);
        });
  }

  /**
   * Checks a reference target; returns true if this call marked it. {@code fromOff} is the
   * referencing object, -1 for the superblock's roots; it is described only for a problem (the mark
   * visits millions of references: no string per reference).
   */
  private boolean admit(long ref, long fromOff, int field) {
    if (view.g.inData(ref) && (ref & 63) == 0 && marks.get(view.granule(ref))) return false;
    String p = view.objectProblem(ref);
    if (p != null) {
      report(
          "bad reference from "
              + (fromOff < 0 ? "superblock" : view.describe(fromOff))
              + " field +"
              + field
              + " to 0x"
              + Long.toHexString(ref)
              + ": "
              + p);
      if (collect) {
        synchronized (problems) {
          badRefs.add(new long[] {Math.max(0, fromOff), field, ref});
        }
      }
      return false;
    }
    return marks.set(view.granule(ref));
  }

  private void report(String problem) {
    if (!collect) throw new HeapCorruptException(problem);
    synchronized (problems) {
      if (problems.size() < MAX_PROBLEMS) problems.add(problem);
    }
  }

  private void donate(LongStack local) {
    long[] p = new long[PACKET];
    local.drainOldestTo(p, PACKET);
    shared.add(p);
  }

  /**
   * Takes a packet from the shared queue, or waits for one while any worker is busy. An idle worker
   * spins briefly, then parks: on a narrow graph (a long chain) only one worker has work, and a
   * spinning one would take its core.
   */
  private boolean take(LongStack local) {
    long[] p = shared.poll();
    if (p == null) {
      busy.decrementAndGet();
      for (int idle = 0; ; idle++) {
        p = shared.poll();
        if (p != null) {
          busy.incrementAndGet();
          break;
        }
        if (busy.get() == 0 || failure.get() != null) return false;
        if (idle < 64) Thread.onSpinWait();
        else LockSupport.parkNanos(IDLE_PARK_NANOS);
      }
    }
    for (long v : p) local.push(v);
    return true;
  }
}
