package org.jnvm.core.heap;

import java.util.List;

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

  /**
   * What {@link #recover} would do to {@code heap}, which is open read-only and must not be
   * written: one line per item (a log it would replay, naming it), empty if nothing. {@code jnvm
   * check} uses it to check a heap as its next read-write open will see it, not as a crash left the
   * media mid-block.
   */
  default List<String> pending(Heap heap) {
    return List.of();
  }
}
