package org.jnvm.emulation.crash;

/** Which lines may have reached media at a crash, beyond those written back and fenced. */
public enum CrashModel {
  /**
   * Only lines written back since the last fence may have landed (each either before or after its
   * write-back); a store that was never written back is lost. Finds missing pwb and fences.
   */
  FLUSH_ONLY,
  /**
   * Any dirty line may also have been evicted early, holding any of the versions it went through
   * since it was last durable. The sound model of x86 caches; finds ordering bugs.
   */
  EVICTION
}
