package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.pmem.Pmem;

/**
 * Logging before a store inside a block: the undo half of the log.
 *
 * <ol>
 *   <li>For each line of the store not logged yet by this block and not inside an object the block
 *       allocated: append an entry (target, epoch, old content, check) and write it back.
 *   <li>If the block had no entry yet, store ACTIVE in the state word and write it back, in the
 *       same batch.
 *   <li>Write back the header of every other log whose truncation is pending ({@link HeapLogs}).
 *   <li>Fence. Only then does the caller store in place.
 * </ol>
 *
 * Crash argument: a line's in-place store can reach media only after step 4, so whenever media
 * holds a store of an unfinished block, it also holds a valid entry with the line's content before
 * the block and a state word that is ACTIVE (or a COMMITTED record that does not check, which
 * recovery treats alike), and recovery rolls it back. Each line is logged once per block, by its
 * file offset, so two proxies of one object share the entry and the undo copy is the content before
 * the block, not before some later store.
 */
final class Undo {
  private Undo() {}

  static void beforeStore(Block b, long address, long bytes) {
    if (bytes <= 0) return;
    Heap heap = b.heap();
    long base = heap.base();
    if (address < base || address + bytes > base + heap.size()) {
      throw new IllegalArgumentException(
          "store outside the block's heap: address=0x"
              + Long.toHexString(address)
              + " bytes="
              + bytes
              + " heap=[0x"
              + Long.toHexString(base)
              + ", +"
              + heap.size()
              + ") file="
              + heap.file());
    }
    int added = 0;
    for (long line = address & -Pmem.LINE; line < address + bytes; line += Pmem.LINE) {
      long off = line - base;
      if (b.seen.contains(off)) continue;
      if (!b.fresh.contains(line)) {
        logLine(b, line, off);
        added++;
      }
      b.seen.add(off);
    }
    if (added > 0) makeDurable(b);
  }

  private static void logLine(Block b, long line, long off) {
    ThreadLog log = b.log();
    long e = b.appendEntry(off);
    LogEntryLayout.target(e, off);
    LogEntryLayout.epoch(e, log.epoch());
    Pmem.copy(line, LogEntryLayout.oldLine(e), Pmem.LINE);
    LogEntryLayout.check(e, LogEntryLayout.entryCheck(log.offset(), e));
    Pmem.pwb(e);
    Pmem.pwb(LogEntryLayout.oldLine(e));
  }

  private static void makeDurable(Block b) {
    ThreadLog log = b.log();
    boolean first = !log.active();
    if (first) log.markActive();
    b.logs().writeBackPending(log, b.helped);
    Pmem.pfence();
    b.helped.durable();
    if (first) log.pending.set(0); // this fence covered the log's own header too
  }
}
