package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.pmem.Pmem;

/**
 * Turns the log of a block that just committed back into states a crash can leave, for recovery
 * tests: the entries still hold their undo copies and the record still holds count and check, so
 * only the state word and some in-place lines change.
 */
final class Forge {
  private Forge() {}

  /**
   * The commit record reached media. With no {@code stale} line, every line did too: recovery must
   * keep the block. With some, those lines did not: the record no longer checks against the lines
   * in place, the block had not returned, and recovery must roll it back.
   *
   * @param stale entry indexes whose lines go back to their content before the block
   */
  static void committed(Heap heap, ThreadLog log, int... stale) {
    state(log, CommitRecordLayout.COMMITTED);
    revert(heap, log, stale);
  }

  /** The block was still running and only some stores reached media: recovery must roll back. */
  static void active(Heap heap, ThreadLog log, int... stale) {
    state(log, CommitRecordLayout.ACTIVE);
    revert(heap, log, stale);
  }

  private static void state(ThreadLog log, int state) {
    CommitRecordLayout.stateWord(log.record(), CommitRecordLayout.word(log.epoch(), state));
  }

  private static void revert(Heap heap, ThreadLog log, int... stale) {
    for (int i : stale) {
      long e = log.entry(i);
      Pmem.copy(LogEntryLayout.oldLine(e), heap.base() + LogEntryLayout.target(e), Pmem.LINE);
    }
  }
}
