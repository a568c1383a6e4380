package org.jnvm.jpfa;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.pmem.Pmem;

/**
 * The logs of one open heap: one for each block running at once, the chain that makes them
 * reachable, and the lazy truncations still in flight.
 *
 * <p>Logs are chained from the hidden root {@value LogHeaderLayout#ROOT} through each header's
 * {@code next}; a log is created (and durably linked) when a block starts and every log is taken,
 * so there are as many logs as blocks ever ran at once. A block first tries the log its thread used
 * last, then every log in chain order. Each log carries its own taken flag, set by a
 * compare-and-swap and cleared by a release store, so threads that keep to their own logs take and
 * hand them back on lines of their own (a shared pool, its two compare-and-swaps and its node per
 * block made two threads' one-store blocks on one heap take 1.29x as long; see docs/jpfa.md). A log
 * whose block's end failed is never handed back ({@link Block}).
 *
 * <p><b>A failed end refuses the heap.</b> A rollback that throws before it restored the undo
 * copies (a participant's guard failed) leaves its log ACTIVE until recovery at the next open rolls
 * it back, over whatever the lines hold by then. A later block committing one of those lines would
 * see its commit undone at that open, so the heap takes no more blocks: {@link #take} refuses new
 * ones, and a block already running is rolled back at its end instead of committing ({@link
 * Block}). The failure is recorded before it leaves the failing block, so before that block's locks
 * are released: a block that stores to one of its lines takes the line's lock after that and meets
 * the refusal at its end; one that ended as the other failed cannot share a line with it without
 * breaking the locking contract. Other failures of a block's end (a commit's free, after the block
 * is durable; a rollback's last steps, after IDLE is durable) leave nothing to undo, and refuse the
 * heap too: they mean a state the code did not plan for (a double free, an index not rebuilt).
 *
 * <p><b>Lazy truncation.</b> A committed block's IDLE word is written back but not fenced, so that
 * a block costs two fences. Until some fence covers it, a crash may find the log still COMMITTED
 * and roll it forward again. That is harmless unless a later store to one of its lines reached
 * media first, so every fence that precedes a first store to a line (an undo fence) or a free first
 * writes back the header of every log with a pending truncation ({@link #writeBackPending}). Under
 * the locking contract a block that stores to a line logged by an earlier block started after that
 * block returned, hence after its truncation was pending, so its undo fence makes the earlier
 * truncation durable before the line can change again. The write-back may come from another thread
 * than the store: a line's write-back takes whatever the line holds, and the helper's own fence
 * orders its own write-back.
 *
 * <p>The log's own entries are the exception: the next block of the same log writes its entries
 * over the committed block's before its undo fence, so media may hold the COMMITTED record with
 * some of its entries replaced, a record that no longer checks. Recovery keeps such a block whole
 * ({@link MediaLog#overwrittenAfterCommit}): it was durable before the next block began.
 */
final class HeapLogs {
  private static final ConcurrentHashMap<Heap, HeapLogs> OPEN = new ConcurrentHashMap<>();

  private final Heap heap;
  private volatile ThreadLog[] all;
  private LogHeader last;

  /** The first failure of a block's end on this heap, or null: see the class comment. */
  private volatile Throwable failed;

  private HeapLogs(Heap heap) {
    this.heap = heap;
    LogHeader h = heap.roots().get(LogHeaderLayout.ROOT);
    ThreadLog[] found = new ThreadLog[0];
    for (; h != null; h = h.next()) {
      ThreadLog l = ThreadLog.load(heap, h);
      found = Arrays.copyOf(found, found.length + 1);
      found[found.length - 1] = l;
      last = h;
    }
    this.all = found;
  }

  /** The logs of {@code heap}, loaded on first use; forgets heaps that were closed since. */
  static HeapLogs of(Heap heap) {
    HeapLogs l = OPEN.get(heap);
    if (l != null) return l;
    synchronized (OPEN) {
      l = OPEN.get(heap);
      if (l == null) {
        OPEN.keySet().removeIf(Heap::isClosed);
        l = new HeapLogs(heap);
        OPEN.put(heap, l);
      }
      return l;
    }
  }

  /**
   * A log for one block: {@code preferred} (the log the calling thread used last, of these logs, or
   * null) if no block has it, else the first free one, else a new one, created and durably linked.
   */
  ThreadLog take(ThreadLog preferred) {
    if (failed != null) throw refused("failure-atomic block refused");
    if (preferred != null && preferred.tryTake()) return preferred;
    for (ThreadLog l : all) {
      if (l.tryTake()) return l;
    }
    return create();
  }

  /** Returns a log after its block ended (committed or rolled back). */
  void give(ThreadLog l) {
    l.release();
  }

  /** Records that a block's end failed: the heap takes no more blocks until it is reopened. */
  synchronized void failed(Throwable t) {
    if (failed == null) failed = t;
  }

  /** True once a block's end failed on this heap. */
  boolean refusing() {
    return failed != null;
  }

  /**
   * The error for {@code what} on a heap where a block's end failed, with that failure as cause.
   */
  IllegalStateException refused(String what) {
    return new IllegalStateException(
        what
            + ": an earlier block's commit or rollback failed on this heap; close and reopen it"
            + " for recovery to settle that block: file="
            + heap.file(),
        failed);
  }

  /** Every log of the heap, in chain order. */
  ThreadLog[] all() {
    return all;
  }

  /**
   * Writes back the header of every log other than {@code self} whose truncation may not be
   * durable, and records it in {@code into}; the caller fences, then calls {@link Pending#durable}.
   */
  void writeBackPending(ThreadLog self, Pending into) {
    for (ThreadLog l : all) {
      if (l == self) continue;
      long e = l.pending.get();
      if (e != 0) {
        Pmem.pwb(l.record());
        into.add(l, e);
      }
    }
  }

  /** Makes every pending truncation durable: one fence. See {@link FA#settle}. */
  void settle() {
    Pending p = new Pending();
    writeBackPending(null, p);
    Pmem.pfence();
    p.durable();
  }

  /**
   * Creates a log and links it: the first from the root (Roots.put is durable on return), the next
   * from the last header's {@code next}, written back and fenced. The new log is durable before the
   * link is stored, so a link on media always leads to a well-formed log.
   */
  private synchronized ThreadLog create() {
    ThreadLog l = ThreadLog.create(heap);
    l.tryTake(); // succeeds: no one else knows the log yet
    if (last == null) {
      heap.roots().put(LogHeaderLayout.ROOT, l.header());
    } else {
      last.next(l.header());
      Pmem.pwb(last.address());
      Pmem.psync();
    }
    last = l.header();
    ThreadLog[] grown = Arrays.copyOf(all, all.length + 1);
    grown[grown.length - 1] = l;
    all = grown;
    return l;
  }
}
