package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * The named recovery procedure, run every time a heap opens. Idempotent: it replays logs (through
 * participants), then computes reachability and the free lists in volatile memory only, so a crash
 * at any point of it leaves the heap as it found it (or with some committed logs applied, which
 * replaying again does not change).
 *
 * <ol>
 *   <li>Read the chunk table, class registry and roots, checking every offset.
 *   <li>Run the recovery participants (log replay).
 *   <li>Mark from the root directory and the registry using persisted layouts, in parallel.
 *   <li>Sweep: unmarked objects become free space, in parallel.
 * </ol>
 */
final class Recovery {
  private Recovery() {}

  static int threads(HeapOptions o, int reserved) {
    return threads(o, reserved, false);
  }

  /**
   * The mark and sweep threads: as asked, else one for a small heap and one per core. In the
   * background, one unless asked: the program's own start-up work (a container rebuilding its
   * index) runs meanwhile, and only allocations that find no free chunk wait for the sweep.
   */
  static int threads(HeapOptions o, int reserved, boolean background) {
    if (o.recoveryThreads() > 0) return o.recoveryThreads();
    if (background) return 1;
    int cores = Runtime.getRuntime().availableProcessors();
    return reserved < 256 ? 1 : Math.max(1, cores);
  }

  /**
   * Set by {@link HeapRepair} around its own read-write open: a participant that fails (its
   * structures damaged beyond replay) is reported in the summary instead of refusing the open, so
   * that the layer's {@link HeapChecker#repair} can drop what it could not replay. Never set on any
   * other open: there a damaged log refuses the heap.
   */
  static final ThreadLocal<Boolean> REPAIRING = ThreadLocal.withInitial(() -> false);

  /** Runs the participants; returns their summaries. */
  static String participants(Heap heap) {
    List<String> done = new ArrayList<>();
    for (RecoveryParticipant p : ServiceLoader.load(RecoveryParticipant.class)) {
      try {
        String s = p.recover(heap);
        if (!s.isEmpty()) done.add(p.name() + ": " + s);
      } catch (RuntimeException e) {
        if (!REPAIRING.get()) throw e;
        done.add(p.name() + ": not replayed, left to its repair: " + e.getMessage());
      }
    }
    return String.join("; ", done);
  }

  /**
   * What the participants would do to {@code heap} (open read-only), each prefixed by its name. A
   * participant that cannot tell (its structures are damaged) adds nothing: its checker reports the
   * damage on the media as they are.
   */
  static List<String> pending(Heap heap) {
    List<String> out = new ArrayList<>();
    for (RecoveryParticipant p : ServiceLoader.load(RecoveryParticipant.class)) {
      try {
        for (String s : p.pending(heap)) out.add(p.name() + ": " + s);
      } catch (RuntimeException e) {
        // left to the participant's HeapChecker, which names the damage
      }
    }
    return out;
  }

  /** Marks and sweeps, returning the allocator's initial state and the timings. */
  static SweepResult markAndSweep(MediaView view, long[] roots, int threads, long[] nanos) {
    // the allocator keeps this bitmap as its live set, so it can grow to the maximum size
    Bitmap marks = new Bitmap(view.granules(), view.g.granules(view.g.chunkCount()));
    long t0 = System.nanoTime();
    long live = new Marker(view, marks, false).mark(roots, threads);
    long t1 = System.nanoTime();
    SweepResult r = new Sweeper(view, marks).sweep(threads, live);
    nanos[0] = t1 - t0;
    nanos[1] = System.nanoTime() - t1;
    return r;
  }
}
