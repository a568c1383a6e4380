package org.jnvm.core.heap;

/**
 * Runs when a heap opens, after the roots and class registry are loaded and before the mark: the
 * place for log replay (J-PFA). Found through {@link java.util.ServiceLoader}. It must be
 * idempotent (a crash during recovery is just another crash) and must not allocate.
 */
public interface RecoveryParticipant {
  String name();

  /**
   * Brings the heap back to a consistent state.
   *
   * @return a short summary for the recovery report, or an empty string if nothing was done
   */
  String recover(Heap heap);
}
