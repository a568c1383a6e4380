package org.jnvm.core.heap;

/**
 * How to open a heap. Immutable: {@code with...} returns a copy. Fixed once a heap is open.
 *
 * @param readOnly map read-only; recovery computes everything in memory and writes nothing
 * @param syncMapping map with MAP_SYNC (DAX file systems)
 * @param recoveryThreads threads for mark and sweep; 0 picks by heap size and cores
 * @param growthStep bytes of backing space reserved per growth step (and first, at creation); 0
 *     picks an eighth of what is reserved, from 64 MiB to 256 MiB
 */
public record HeapOptions(
    boolean readOnly, boolean syncMapping, int recoveryThreads, long growthStep) {
  public static final HeapOptions DEFAULT = new HeapOptions(false, false, 0, 0);

  public HeapOptions {
    if (recoveryThreads < 0) {
      throw new IllegalArgumentException("recoveryThreads must be >= 0: " + recoveryThreads);
    }
    if (growthStep < 0) {
      throw new IllegalArgumentException("growthStep must be >= 0: " + growthStep);
    }
  }

  public HeapOptions withReadOnly(boolean v) {
    return new HeapOptions(v, syncMapping, recoveryThreads, growthStep);
  }

  public HeapOptions withSyncMapping(boolean v) {
    return new HeapOptions(readOnly, v, recoveryThreads, growthStep);
  }

  public HeapOptions withRecoveryThreads(int n) {
    return new HeapOptions(readOnly, syncMapping, n, growthStep);
  }

  public HeapOptions withGrowthStep(long bytes) {
    return new HeapOptions(readOnly, syncMapping, recoveryThreads, bytes);
  }
}
