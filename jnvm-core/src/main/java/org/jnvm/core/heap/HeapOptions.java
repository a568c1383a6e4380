package org.jnvm.core.heap;

/**
 * How to open a heap. Immutable: {@code with...} returns a copy. Fixed once a heap is open.
 *
 * @param readOnly map read-only; recovery computes everything in memory and writes nothing
 * @param syncMapping map with MAP_SYNC (DAX file systems)
 * @param recoveryThreads threads for mark and sweep; 0 picks by heap size and cores
 */
public record HeapOptions(boolean readOnly, boolean syncMapping, int recoveryThreads) {
  public static final HeapOptions DEFAULT = new HeapOptions(false, false, 0);

  public HeapOptions {
    if (recoveryThreads < 0) {
      throw new IllegalArgumentException("recoveryThreads must be >= 0: " + recoveryThreads);
    }
  }

  public HeapOptions withReadOnly(boolean v) {
    return new HeapOptions(v, syncMapping, recoveryThreads);
  }

  public HeapOptions withSyncMapping(boolean v) {
    return new HeapOptions(readOnly, v, recoveryThreads);
  }

  public HeapOptions withRecoveryThreads(int n) {
    return new HeapOptions(readOnly, syncMapping, n);
  }
}
