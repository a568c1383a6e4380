package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;

/**
 * The end of an outermost block that did not throw. With n entries, a fresh objects, f frees:
 *
 * <ol>
 *   <li>If a &gt; 0: write back every fresh object; fence if n &gt; 0 (committed references may
 *       point at them, so they are durable before the commit record can be).
 *   <li>If n &gt; 0: write back each logged line, folding its target and current content into the
 *       check; then store count, check and COMMITTED in the commit record and write it back.
 *   <li>Fence (if anything was written back): the block is durable. This is the fence that makes
 *       the commit record durable before the block returns.
 *   <li>If f &gt; 0: store IDLE, write it back together with every pending truncation (this log's
 *       own, left by an earlier block, included), fence, then free: no log on media can roll a
 *       freed line forward once its memory is reused, even by code outside blocks.
 *   <li>Otherwise, if n &gt; 0: store IDLE without writing it back, and record the truncation as
 *       pending (see {@link HeapLogs}): the next undo fence of any block writes it back first.
 * </ol>
 *
 * A one-line block thus costs two fences (the undo fence and step 3), k lines k + 1, and allocating
 * or freeing one more each.
 *
 * <p>Crash argument: before step 3 completes the record may be on media, but it checks only if
 * every logged line's committed content is on media too (its check covers them all, in place); if
 * it does not, recovery rolls the block back with the undo copies, which were durable before any
 * in-place store. A block is never rolled back once it has returned: after step 3 the record and
 * the lines are durable and match, and no later store can reach one of these lines before the IDLE
 * word is durable (the next undo fence of any block, a commit that frees, and {@link FA#settle}
 * write pending truncations back first; see {@link HeapLogs}). Until then, recovery finds the
 * record checking and keeps the lines as they are.
 */
final class Commit {
  private Commit() {}

  static void run(Block b) {
    ThreadLog log = b.log();
    int n = log.count();
    boolean fresh = !b.fresh.isEmpty();
    if (fresh) {
      b.fresh.writeBack();
      if (n > 0) Pmem.pfence();
    }
    if (n > 0) writeRecord(b.heap(), log, n);
    if (n > 0 || fresh) Pmem.pfence();
    if (!b.frees.isEmpty()) {
      if (n > 0) log.markIdle();
      b.logs().writeBackPending(null, b.helped); // this log's own earlier block included
      Pmem.pfence();
      b.helped.durable();
      applyFrees(b);
    } else if (n > 0) {
      log.markIdleLazily();
      log.pending.set(log.epoch());
    }
  }

  private static void writeRecord(Heap heap, ThreadLog log, int n) {
    long base = heap.base();
    long h = CommitRecordLayout.commitCheck(log.offset(), log.epoch(), n);
    for (int i = 0; i < n; i++) {
      // read before written back: the entry and the line may be evicted by their write-backs
      long target = log.target(i);
      long line = base + target;
      h = CommitRecordLayout.commitLine(h, target, line);
      Pmem.pwb(line);
    }
    log.markCommitted(h);
  }

  private static void applyFrees(Block b) {
    for (PObject o : b.frees) b.heap().free(o);
  }
}
