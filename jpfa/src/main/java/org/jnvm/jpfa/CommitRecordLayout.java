package org.jnvm.jpfa;

import org.jnvm.core.pmem.Pmem;

/**
 * The commit record of a log, three words inside the log header (see {@link LogHeaderLayout}).
 *
 * <pre>
 *   0              8        16       24
 *   +--------------+--------+--------+
 *   | state word   | count  | check  |
 *   +--------------+--------+--------+
 *
 *   state word, one 8-byte store:  bits 63..2 epoch | bits 1..0 state
 *     IDLE       nothing to do at recovery
 *     ACTIVE     block {epoch} may have stored in place: roll back its valid entries
 *     COMMITTED  block {epoch} committed if check matches the lines in place: keep them
 * </pre>
 *
 * {@code count} is the number of entries of the committed block and {@code check} is {@link
 * #commitCheck}: over the log, the epoch, the count, and every entry's target and the content of
 * the target line in place at commit. The record and the lines are written back in one batch, so a
 * record on media checks only if every line's committed content is on media too. A COMMITTED word
 * whose check does not match the lines in place is a commit that was not entirely on media when the
 * machine stopped; the block had not returned, so recovery rolls it back with the undo copies.
 * Nothing here relies on the order in which the words of one line reach media.
 */
final class CommitRecordLayout {
  static final int STATE_OFFSET = 0;
  static final int COUNT_OFFSET = STATE_OFFSET + 8;
  static final int CHECK_OFFSET = COUNT_OFFSET + 8;
  static final int SIZE = CHECK_OFFSET + 8;

  static final int IDLE = 0;
  static final int ACTIVE = 1;
  static final int COMMITTED = 2;
  private static final int STATE_BITS = 2;
  private static final long STATE_MASK = (1 << STATE_BITS) - 1;

  /** The largest epoch a state word can hold. */
  static final long MAX_EPOCH = -1L >>> STATE_BITS;

  private CommitRecordLayout() {}

  static long word(long epoch, int state) {
    return (epoch << STATE_BITS) | state;
  }

  static int state(long word) {
    return (int) (word & STATE_MASK);
  }

  static long epoch(long word) {
    return word >>> STATE_BITS;
  }

  static String describe(long word) {
    String[] names = {"IDLE", "ACTIVE", "COMMITTED", "UNKNOWN"};
    return names[state(word)] + "(epoch " + epoch(word) + ")";
  }

  static long stateWord(long record) {
    return Pmem.getLong(record + STATE_OFFSET);
  }

  static void stateWord(long record, long v) {
    Pmem.putLong(record + STATE_OFFSET, v);
  }

  static long count(long record) {
    return Pmem.getLong(record + COUNT_OFFSET);
  }

  static void count(long record, long v) {
    Pmem.putLong(record + COUNT_OFFSET, v);
  }

  static long check(long record) {
    return Pmem.getLong(record + CHECK_OFFSET);
  }

  static void check(long record, long v) {
    Pmem.putLong(record + CHECK_OFFSET, v);
  }

  /** Starts the check of a commit of {@code count} entries by block {@code epoch} of a log. */
  static long commitCheck(long logOffset, long epoch, long count) {
    return Checksum.mix(Checksum.mix(Checksum.mix(Checksum.SEED, logOffset), epoch), count);
  }

  /**
   * Adds one entry to a commit check: its target (a file offset) and the line's content in place,
   * at absolute address {@code line}.
   */
  static long commitLine(long h, long target, long line) {
    return Checksum.line(Checksum.mix(h, target), line);
  }
}
