package org.jnvm.core.heap;

import java.util.BitSet;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.jnvm.core.JnvmException;
import org.jnvm.core.pmem.StoreBarrier;

/**
 * Recovery's mark and sweep on a thread of their own, while the program already reads and writes
 * the heap: opening a heap then costs the roots, the class registry and the log replay, not time
 * that grows with the data. See {@code docs/recovery.md} for the argument in full.
 *
 * <p><b>What the sweep may free.</b> The snapshot S is the heap as it stands when the open's log
 * replay is done, before the program gets the heap. Let U be the objects of S not reachable from
 * the anchors (root segments and class registry) at S. No object of U can ever be named by the
 * program: it starts from the anchors, follows references read from reachable objects, and stores
 * only references it holds (read, or allocated after S); replay happened before S, and a block's
 * undo log at run time copies lines of objects the program named. So U stays untouched forever, and
 * freeing exactly U (and nothing else of S) is what the stop-the-world recovery did.
 *
 * <p><b>Why the mark finds all of S minus U while the program mutates</b> (snapshot at the
 * beginning). A mark that reads objects while the program changes them can miss a live object whose
 * only reference moves from an object not yet read into one already read. Here each object of S is
 * read once, with its references as they were at S: either by the mark, or, before the program's
 * first store into it, by the store barrier ({@link SnapshotBarrier}, called by the gateway before
 * every store), which marks and queues its referents. So the mark walks the graph of S exactly,
 * whatever the program does meanwhile, and marks everything reachable at S. {@link ScanClaims}
 * makes "read once" hold under races, and keeps the mark from ending while a barrier still queues
 * work (every object the barrier reads is reachable at S, so some worker pops it and waits for the
 * barrier to finish).
 *
 * <p><b>The allocator meanwhile</b> hands out only chunks that were free at S (and chunks the heap
 * grows by): no chunk of S is reused before the sweep has decided, so the barrier's snapshot chunk
 * descriptors stay true and the sweep sees S's slots. A request that finds no such space waits for
 * the sweep ({@link Allocator}). A free of an object of S is deferred until the sweep is adopted
 * (the object is reachable at S, so the sweep keeps it; the deferred free then returns it), and
 * nothing of it is written until then.
 *
 * <p><b>Crashes.</b> The mark and sweep write nothing to the heap; the allocator's protocol is
 * unchanged (chunk descriptors durable before an object in the chunk is published). A crash at any
 * point is an ordinary crash of a running program.
 *
 * <ol>
 *   <li>At open: register the barrier (before the program can store), start the thread.
 *   <li>Mark from the anchors; then unregister the barrier (stores no longer matter to the mark).
 *   <li>Sweep S's chunks; hand the allocator S's free chunks and slots; apply the deferred frees.
 * </ol>
 */
final class BackgroundRecovery {
  /** Test hook: called by the mark's workers after each object they pop (null: none). */
  static volatile java.util.function.LongConsumer afterScanForTests;

  /** Test switch: false leaves the barrier out, to show what the mark then misses. */
  static volatile boolean barrierForTests = true;

  private final MediaView view;
  private final Bitmap marks;
  private final Marker marker;
  private final SnapshotBarrier barrier;
  private final long[] anchors;
  private final int threads;
  private final CountDownLatch finished = new CountDownLatch(1);

  /** Offsets of objects of S freed before adoption; added under this object's lock. */
  private final Set<Long> deferredFrees = ConcurrentHashMap.newKeySet();

  private Thread thread;
  private Allocator allocator;
  private boolean adopted;
  private volatile RuntimeException failure;
  private volatile long markNanos;
  private volatile long sweepNanos;
  private volatile SweepResult swept;
  private volatile long endNanos;

  BackgroundRecovery(MediaView view, long[] anchors, int threads) {
    this.view = view;
    this.anchors = anchors;
    this.threads = threads;
    // the allocator keeps this bitmap as its live set: marks of S's objects and bits of new ones
    this.marks = new Bitmap(view.granules(), view.g.granules(view.g.chunkCount()));
    this.marker = new Marker(view, marks, false, new ScanClaims(view.granules()));
    this.barrier = new SnapshotBarrier(view, marker);
    marker.afterScan(afterScanForTests);
  }

  /** The allocator's state until the sweep: the chunks free at S, no free slot, the marks. */
  SweepResult provisional() {
    int n = view.reserved;
    long[] chunks = new long[n];
    BitSet free = new BitSet(n);
    for (int c = 0; c < n; c++) {
      if (freeAtSnapshot(c)) free.set(c);
      else chunks[c] = view.descriptors[c];
    }
    LongStack[] pools = new LongStack[SizeClasses.count()];
    for (int i = 0; i < pools.length; i++) pools[i] = new LongStack(16);
    return new SweepResult(chunks, free, marks, pools, 0, 0);
  }

  /** Registers the barrier and starts the thread; returns at once. */
  void start(Allocator a, String name) {
    this.allocator = a;
    if (barrierForTests) StoreBarrier.register(barrier);
    thread = new Thread(this::run, "jnvm-recovery " + name);
    thread.setDaemon(true); // a JVM exiting meanwhile is a crash, which the heap survives
    thread.setContextClassLoader(null);
    thread.start();
  }

  private void run() {
    try {
      long t0 = System.nanoTime();
      long live = marker.mark(anchors, threads);
      barrier.close();
      long t1 = System.nanoTime();
      markNanos = t1 - t0;
      SweepResult r = new Sweeper(view, marks).sweep(threads, live);
      adopt(r);
      sweepNanos = System.nanoTime() - t1;
      swept = r;
    } catch (RuntimeException | Error e) {
      failure = e instanceof RuntimeException re ? re : new JnvmException("recovery failed", e);
    } finally {
      barrier.close();
      endNanos = System.nanoTime();
      finished.countDown();
    }
  }

  /** Hands the sweep's result to the allocator, then returns the frees deferred meanwhile. */
  private void adopt(SweepResult r) {
    LongStack frees = new LongStack(16);
    synchronized (this) {
      allocator.adopt(r, view.reserved, this::freeAtSnapshot);
      adopted = true;
      deferredFrees.forEach(frees::push);
      deferredFrees.clear();
    }
    allocator.freeAll(frees);
  }

  private boolean freeAtSnapshot(int c) {
    return ChunkLayout.kind(view.descriptors[c]) == ChunkLayout.FREE;
  }

  /** True if {@code off} lies in a chunk that was in use at S (the sweep has not adopted yet). */
  boolean ownsSnapshotChunk(long off) {
    if (!view.g.inData(off)) return false;
    int c = view.g.chunkOf(off);
    return c < view.reserved && !freeAtSnapshot(c);
  }

  /**
   * Defers the free of the object of S at {@code off} until the sweep is adopted; false if the
   * sweep already was, or the object is not of S (the caller frees it now).
   *
   * @throws IllegalStateException if it was freed already
   */
  synchronized boolean deferFree(long off, String file) {
    if (adopted || !ownsSnapshotChunk(off)) return false;
    if (!deferredFrees.add(off)) {
      throw new IllegalStateException(
          "double free: offset=0x" + Long.toHexString(off) + " file=" + file);
    }
    return true;
  }

  /**
   * Whether the object of S at {@code off} is live, before the sweep: a well-formed object not
   * freed since. An object of U passes too (its header is intact), but nothing can name one (class
   * comment); a reference to a freed slot or a non-object is still caught. Takes no lock: every
   * resurrection with checks on calls it while the mark runs.
   */
  boolean liveBeforeSweep(long off) {
    return !deferredFrees.contains(off) && view.objectProblem(off) == null;
  }

  boolean isDone() {
    return finished.getCount() == 0;
  }

  /**
   * Waits until the sweep is adopted.
   *
   * @throws HeapCorruptException (or what else stopped it) if the recovery failed
   */
  void await() {
    try {
      finished.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new JnvmException("interrupted while waiting for the heap's recovery", e);
    }
    RuntimeException f = failure;
    if (f != null) throw f;
  }

  /** Stops the mark (the heap closes) and waits for the thread; idempotent. */
  void cancel(String file) {
    marker.cancel(new JnvmException("recovery stopped: the heap was closed: file=" + file));
    try {
      finished.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  RuntimeException failure() {
    return failure;
  }

  long markNanos() {
    return markNanos;
  }

  long sweepNanos() {
    return sweepNanos;
  }

  long endNanos() {
    return endNanos;
  }

  SweepResult swept() {
    return swept;
  }

  int threads() {
    return threads;
  }
}
