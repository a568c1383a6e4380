package org.jnvm.core.heap;

import java.nio.file.Path;

/**
 * What recovery did when a heap was opened.
 *
 * @param liveObjects objects reachable from the roots (marked)
 * @param reclaimed unreachable objects whose slots were returned to the allocator
 * @param freeChunks chunks free after the sweep
 * @param chunks chunks in the heap
 * @param participants log replayers that ran before the mark, by name
 * @param volatileBytes Java heap bytes of the state recovery handed the allocator (live bitmap,
 *     chunk descriptors, free slot stacks): what a heap of this size costs in DRAM while open
 */
public record RecoveryReport(
    Path file,
    long liveObjects,
    long reclaimed,
    int freeChunks,
    int chunks,
    int threads,
    long markNanos,
    long sweepNanos,
    long totalNanos,
    String participants,
    long volatileBytes) {

  /** Live objects per second over the whole recovery. */
  public double objectsPerSecond() {
    return totalNanos == 0 ? 0 : liveObjects * 1e9 / totalNanos;
  }

  @Override
  public String toString() {
    return String.format(
        "recovered %s: %d live objects, %d reclaimed, %d/%d chunks free, mark %.1f ms + sweep"
            + " %.1f ms, total %.1f ms on %d thread(s), volatile state %.1f MiB%s",
        file,
        liveObjects,
        reclaimed,
        freeChunks,
        chunks,
        markNanos / 1e6,
        sweepNanos / 1e6,
        totalNanos / 1e6,
        threads,
        volatileBytes / 1048576.0,
        participants.isEmpty() ? "" : ", replayed: " + participants);
  }
}
