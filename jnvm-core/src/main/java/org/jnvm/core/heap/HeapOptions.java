package org.jnvm.core.heap;

/**
 * How to open a heap. Immutable: {@code with...} returns a copy. Fixed once a heap is open.
 *
 * @param readOnly map read-only; recovery computes everything in memory and writes nothing
 * @param syncMapping map with MAP_SYNC (DAX file systems)
 * @param recoveryThreads threads for mark and sweep; 0 picks by heap size and cores
 * @param growthStep bytes of backing space reserved per growth step (and first, at creation); 0
 *     picks an eighth of what is reserved, from 64 MiB to 256 MiB
 * @param growAhead grow on a background thread when less than half a step is left free, so that
 *     allocations seldom wait for a growth (a heap then reserves up to one and a half steps more
 *     than it uses); off, the allocation that finds no free chunk grows the heap and waits. Always
 *     off under the crash simulator, which explores one thread's write-backs and fences
 * @param backgroundRecovery return from the open once the logs are replayed, and run recovery's
 *     mark and sweep on a thread of their own while the program reads and writes (see {@code
 *     docs/recovery.md}); off, the open returns after the sweep. The default is off unless the
 *     system property {@code jnvm.recovery} is {@code background}; always off with {@code
 *     -Djnvm.storeBarrier=false}
 */
public record HeapOptions(
    boolean readOnly,
    boolean syncMapping,
    int recoveryThreads,
    long growthStep,
    boolean growAhead,
    boolean backgroundRecovery) {
  public static final HeapOptions DEFAULT =
      new HeapOptions(
          false, false, 0, 0, true, "background".equals(System.getProperty("jnvm.recovery")));

  public HeapOptions {
    if (recoveryThreads < 0) {
      throw new IllegalArgumentException("recoveryThreads must be >= 0: " + recoveryThreads);
    }
    if (growthStep < 0) {
      throw new IllegalArgumentException("growthStep must be >= 0: " + growthStep);
    }
  }

  /** The options as they were before {@code growAhead}: it is on. */
  public HeapOptions(boolean readOnly, boolean syncMapping, int recoveryThreads, long growthStep) {
    this(readOnly, syncMapping, recoveryThreads, growthStep, true);
  }

  /** The options as they were before {@code backgroundRecovery}: it is the default's. */
  public HeapOptions(
      boolean readOnly,
      boolean syncMapping,
      int recoveryThreads,
      long growthStep,
      boolean growAhead) {
    this(readOnly, syncMapping, recoveryThreads, growthStep, growAhead, DEFAULT.backgroundRecovery);
  }

  public HeapOptions withReadOnly(boolean v) {
    return new HeapOptions(
        v, syncMapping, recoveryThreads, growthStep, growAhead, backgroundRecovery);
  }

  public HeapOptions withSyncMapping(boolean v) {
    return new HeapOptions(readOnly, v, recoveryThreads, growthStep, growAhead, backgroundRecovery);
  }

  public HeapOptions withRecoveryThreads(int n) {
    return new HeapOptions(readOnly, syncMapping, n, growthStep, growAhead, backgroundRecovery);
  }

  public HeapOptions withGrowthStep(long bytes) {
    return new HeapOptions(
        readOnly, syncMapping, recoveryThreads, bytes, growAhead, backgroundRecovery);
  }

  public HeapOptions withGrowAhead(boolean v) {
    return new HeapOptions(
        readOnly, syncMapping, recoveryThreads, growthStep, v, backgroundRecovery);
  }

  public HeapOptions withBackgroundRecovery(boolean v) {
    return new HeapOptions(readOnly, syncMapping, recoveryThreads, growthStep, growAhead, v);
  }
}
