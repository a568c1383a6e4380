package org.jnvm.jpfa;

import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.pmem.Pmem;

/**
 * The logs of one open heap: one per thread that runs blocks on it, the chain that makes them
 * reachable, and the lazy truncations still in flight.
 *
 * <p>Logs are chained from the hidden root {@value LogHeaderLayout#ROOT} through each header's
 * {@code next}. A log belongs to a thread: the first block a thread runs on the heap claims a log
 * that no live thread owns (one loaded at open, or one whose thread has terminated), or creates one
 * and durably links it; the thread's later blocks reuse it with no atomic instruction ({@link
 * Block} keeps it). So there are as many logs as threads that ran blocks on the heap and were alive
 * at once (4 KiB each, more once a block of more lines grew it). A block ending hands nothing back:
 * a shared pool cost two compare-and-swaps and a node per block on one cache line that every
 * thread's blocks wrote (two threads' one-store blocks on one heap took 1.43x as long with it; see
 * docs/jpfa.md).
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
   * The calling thread's log: the one it owns already, else one it claims (unowned, or its owner
   * terminated), else a new one, created and durably linked.
   */
  ThreadLog take() {
    Thread me = Thread.currentThread();
    for (ThreadLog l : all) {
      if (l.claim(me)) return l;
    }
    return create(me);
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
  private synchronized ThreadLog create(Thread me) {
    ThreadLog l = ThreadLog.create(heap);
    boolean mine = l.claim(me); // no one else knows it yet
    assert mine;
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
