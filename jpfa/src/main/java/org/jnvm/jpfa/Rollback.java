package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.pmem.Pmem;

/**
 * The end of a block that threw (at any depth: nesting is flat).
 *
 * <ol>
 *   <li>Copy each entry's old half back over its line and write the line back; fence.
 *   <li>Store IDLE and write it back; fence. A later block on another thread may now store to these
 *       lines: no log on media rolls them anywhere.
 *   <li>Free every object the block allocated; drop the frees it asked for.
 * </ol>
 *
 * Crash argument: until step 2 is durable the log is ACTIVE with valid entries, and rolling back
 * again writes the same old content; step 1's fence comes first, so IDLE never reaches media while
 * a line may still hold the block's stores.
 */
final class Rollback {
  private Rollback() {}

  static void run(Block b) {
    Heap heap = b.heap();
    ThreadLog log = b.log();
    int n = log.count();
    for (int i = 0; i < n; i++) {
      long e = log.entry(i);
      long line = heap.base() + LogEntryLayout.target(e);
      Pmem.copy(LogEntryLayout.oldLine(e), line, Pmem.LINE);
      Pmem.pwb(line);
    }
    if (n > 0) {
      Pmem.pfence();
      log.markIdle();
      Pmem.pfence();
    }
    for (long address : b.fresh.addresses()) heap.free(heap.object(address - heap.base()));
  }
}
