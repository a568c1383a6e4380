package org.jnvm.emulation.kill;

import java.nio.file.Path;

/** What the parent checks after each kill, before the next child reopens the heap. */
@FunctionalInterface
public interface KillChecker {
  /**
   * Checks the heap the killed child left. Throw (or fail an assertion) to stop the run; the
   * harness adds the round, the seed and the child's output to the failure.
   *
   * @param heap the heap file; no process holds it any more
   * @param lastAck the highest operation number acknowledged in the whole run so far: that
   *     operation and every earlier one must be durable; the next one may or may not be
   */
  void check(Path heap, long lastAck) throws Exception;
}
