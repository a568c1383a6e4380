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
 * @param openNanos the open call's own part: registry, roots, log replay, and with background
 *     recovery the start of its thread (the rest of {@code totalNanos} ran beside the program)
 * @param complete false while a background mark and sweep run: then only the file, chunks, threads,
 *     participants and the open's times are known, and the other figures are 0
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
    long volatileBytes,
    long openNanos,
    boolean complete) {

  /** A report of a recovery done before the open returned. */
  public RecoveryReport(
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
    this(
        file,
        liveObjects,
        reclaimed,
        freeChunks,
        chunks,
        threads,
        markNanos,
        sweepNanos,
        totalNanos,
        participants,
        volatileBytes,
        totalNanos,
        true);
  }

  /** Live objects per second over the whole recovery. */
  public double objectsPerSecond() {
    return totalNanos == 0 ? 0 : liveObjects * 1e9 / totalNanos;
  }

  @Override
  public String toString() {
    if (!complete) {
      return String.format(
          "opened %s in %.1f ms on the open path; mark and sweep running in the background%s",
          file, openNanos / 1e6, participants.isEmpty() ? "" : ", replayed: " + participants);
    }
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
            participants.isEmpty() ? "" : ", replayed: " + participants)
        + (openNanos < totalNanos ? String.format(" (open path %.1f ms)", openNanos / 1e6) : "");
  }
}
