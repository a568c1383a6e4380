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
 *
 * <p>With {@link ScanClaims} (a mark beside the running program, {@link BackgroundRecovery}), each
 * object's references are read once, by whoever claims it first: a worker, or the store barrier
 * through {@link #shadeBeforeStore} just before the program's first store into it. A worker that
 * pops an object the barrier claimed waits until the barrier has queued the object's references, so
 * the mark cannot end while a barrier's grey objects are still being queued.
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

  /** Null for a mark that owns the heap; set for a mark beside the program (see class comment). */
  private final ScanClaims claims;

  Marker(MediaView view, Bitmap marks, boolean collect) {
    this(view, marks, collect, null);
  }

  Marker(MediaView view, Bitmap marks, boolean collect, ScanClaims claims) {
    this.view = view;
    this.marks = marks;
    this.collect = collect;
    this.claims = claims;
  }

  /** Test hook: called by a worker after each object it popped (null: none). */
  private java.util.function.LongConsumer afterScan;

  void afterScan(java.util.function.LongConsumer hook) {
    this.afterScan = hook;
  }

  /** Stops the mark: its workers return and {@link #mark} throws {@code why}. */
  void cancel(RuntimeException why) {
    failure.compareAndSet(null, why);
  }

  /**
   * The store barrier of a mark beside the program (strict mode with claims only): called before a
   * store into the snapshot object at {@code off}, it makes sure the object's references as they
   * are now (the snapshot's, since no store has reached it yet) are marked and queued, claiming the
   * object so that no worker reads it after the store. A problem found here stops the mark (the
   * heap is corrupt) instead of failing the program's store.
   */
  void shadeBeforeStore(long off) {
    long gr = view.granule(off);
    if (claims.isDone(gr)) return;
    if (!claims.claim(gr)) {
      claims.awaitDone(gr, () -> false); // the claimer reads one object and never blocks
      return;
    }
    try {
      if (view.objectProblem(off) != null) return; // not an object the mark can reach
      LongStack grey = new LongStack(16);
      view.forEachRef(
          off,
          (field, ref) -> {
            if (ref != 0 && admit(ref, off, field)) grey.push(ref);
          });
      if (!grey.isEmpty()) {
        long[] p = new long[grey.size()];
        grey.drainTo(p, p.length);
        shared.add(p);
      }
    } catch (RuntimeException e) {
      failure.compareAndSet(null, e);
    } finally {
      claims.done(gr);
    }
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
        long off = local.pop();
        scan(off, local);
        scanned++;
        if (afterScan != null) afterScan.accept(off);
        if (local.size() > 2 * PACKET && shared.isEmpty()) donate(local);
      }
    } catch (RuntimeException e) {
      failure.compareAndSet(null, e);
    } finally {
      marked.addAndGet(scanned);
    }
  }

  private void scan(long off, LongStack local) {
    if (claims != null) {
      long gr = view.granule(off);
      if (!claims.claim(gr)) {
        claims.awaitDone(gr, () -> failure.get() != null); // the barrier read it
        return;
      }
      try {
        visit(off, local);
      } finally {
        claims.done(gr);
      }
      return;
    }
    visit(off, local);
  }

  private void visit(long off, LongStack local) {
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
    // checked by the barrier before the program's store changed it: its header may be new now
    if (claims != null && admittedByBarrier(ref)) return marks.set(view.granule(ref));
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

  private boolean admittedByBarrier(long ref) {
    return view.g.inData(ref)
        && (ref & 63) == 0
        && view.g.chunkOf(ref) < view.reserved
        && claims.isDone(view.granule(ref));
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
