package org.jnvm.dso;

/**
 * The record of one task's DSO calls, kept outside the process that runs the task, so that a task
 * re-run after its process died applies none of its calls twice (used by the {@code crucial}
 * module's executors; see {@link DsoClient#runJournaled}).
 *
 * <p>While a journal is installed on a thread, that thread's calls use the journal's session and
 * are numbered 1, 2, 3... from the start of the attempt. A re-run of a deterministic task therefore
 * issues the same calls with the same tickets (session, seq):
 *
 * <ol>
 *   <li>a call whose outcome is {@link #recorded recorded} is not sent: the recorded outcome is its
 *       answer (its effect was applied once, by an earlier attempt);
 *   <li>the first call without a record is sent with its ticket: if an earlier attempt's call was
 *       applied but its process died before recording it, it is the last call of the session on
 *       that object, so the object's deduplication table answers it instead of applying it again;
 *   <li>later calls are new.
 * </ol>
 *
 * Invariant the caller keeps: {@link #record} returns only once the record will be seen by every
 * later attempt, and the next call starts only after that; so at most one call (the last) of a dead
 * attempt lacks a record.
 */
public interface CallJournal {
  /** One recorded call: what was called (to detect a non-deterministic re-run) and its outcome. */
  record Entry(String call, byte[] outcome) {}

  /** The task's session id, the same in every attempt; nonzero and unique to the task. */
  long session();

  /** The entry recorded for call {@code seq} by an earlier attempt, or null. */
  Entry recorded(long seq);

  /** Records call {@code seq}; returns once later attempts will see it. */
  void record(long seq, Entry entry);
}
