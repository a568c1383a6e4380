package org.jnvm.jpfa;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.RecoveryParticipant;
import org.jnvm.core.pmem.Pmem;

/**
 * Log replay, run by the core when a heap opens (after its roots and registry are loaded, before
 * the mark; found through {@link java.util.ServiceLoader}). Public only because the service loader
 * needs it.
 *
 * <ol>
 *   <li>Walk the logs from the hidden root, checking each structure.
 *   <li>COMMITTED whose record checks against the lines in place: the block's stores are all on
 *       media; keep them. COMMITTED with fewer valid entries than its record counts: the log's next
 *       block was overwriting them, so this block's commit had completed; keep it ({@link
 *       MediaLog#overwrittenAfterCommit}). ACTIVE, or COMMITTED that does not check: copy the old
 *       line of each valid entry of the epoch over its target (roll back). Write every line back.
 *   <li>Fence, then store IDLE in each log acted on, write back, fence.
 * </ol>
 *
 * Idempotent: the logs are not changed until the lines are durable, and rolling back again writes
 * the same content (a record that did not check still does not: its lines now hold their content
 * before the block). Logs may be acted on in any order and a crash may leave some IDLE and others
 * not: no line on media carries stores of two non-IDLE logs (the later block logged it after the
 * earlier one's truncation was pending, and its undo fence made that truncation durable before its
 * own store; see {@link HeapLogs}), so no order or subset changes the result. It allocates nothing,
 * and it writes nothing when every log is IDLE.
 *
 * <p>Recovery's mark runs after this, on the repaired objects: log entries are not references, so
 * objects allocated by a block rolled back are unreachable and swept.
 */
public final class LogRecovery implements RecoveryParticipant {
  @Override
  public String name() {
    return "jpfa";
  }

  @Override
  public String recover(Heap heap) {
    List<MediaLog> acted = new ArrayList<>();
    int kept = 0;
    int back = 0;
    long lines = 0;
    for (MediaLog l : MediaLog.all(heap)) {
      if (l.state() == CommitRecordLayout.IDLE) continue;
      l.loadSegments();
      boolean committed = l.state() == CommitRecordLayout.COMMITTED;
      if (committed && (l.committedEntries() > 0 || l.overwrittenAfterCommit())) {
        kept++;
      } else {
        int n = l.validEntries();
        for (int i = 0; i < n; i++) apply(l, LogEntryLayout.oldLine(l.entry(i)), l.entry(i));
        back++;
        lines += n;
      }
      acted.add(l);
    }
    if (acted.isEmpty()) return "";
    Pmem.pfence();
    for (MediaLog l : acted) {
      long record = LogHeaderLayout.commitRecord(l.header);
      CommitRecordLayout.stateWord(
          record, CommitRecordLayout.word(l.epoch(), CommitRecordLayout.IDLE));
      Pmem.pwb(record);
    }
    Pmem.pfence();
    return "kept " + kept + " committed block(s), rolled back " + back + " (" + lines + " line(s))";
  }

  /** Each log that {@link #recover} would act on, with what it would do. Reads only. */
  @Override
  public List<String> pending(Heap heap) {
    List<String> out = new ArrayList<>();
    for (MediaLog l : MediaLog.all(heap)) {
      if (l.state() == CommitRecordLayout.IDLE) continue;
      String where = "log 0x" + Long.toHexString(l.offset);
      if (l.state() == CommitRecordLayout.ACTIVE) {
        out.add(where + " ACTIVE: its block is rolled back");
        continue;
      }
      if (l.state() != CommitRecordLayout.COMMITTED) continue; // LogChecker reports the state
      l.loadSegments();
      boolean kept = l.committedEntries() > 0 || l.overwrittenAfterCommit();
      out.add(where + " COMMITTED: its block is " + (kept ? "kept" : "rolled back"));
    }
    return out;
  }

  private static void apply(MediaLog l, long copy, long entry) {
    long line = l.target(entry);
    Pmem.copy(copy, line, Pmem.LINE);
    Pmem.pwb(line);
  }
}
