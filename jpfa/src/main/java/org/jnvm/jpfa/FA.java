package org.jnvm.jpfa;

import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;

/**
 * Failure-atomic blocks: ordinary Java code that updates several persistent objects and, across
 * crashes, happens entirely or not at all.
 *
 * <pre>{@code
 * FA.run(heap, () -> {                 // or JNVM.fa(() -> ...) on the default heap
 *   from.balance(from.balance() - 10); // stores through proxies that call Hooks.beforeStore
 *   to.balance(to.balance() + 10);
 *   history.append(new Record(heap, from, to, 10)); // allocated in the block
 * });                                  // durable when it returns
 * }</pre>
 *
 * <p><b>Guarantees.</b> When {@code run} or {@code call} returns, every persistent store made
 * through the {@link Hooks} inside the block, every object allocated in it and every {@link
 * Heap#free} called in it are durable; after a crash before that, none of them happened. An
 * exception (any {@link Throwable}) that escapes the block restores every persistent line it
 * changed, frees what it allocated, drops the frees it asked for, and is rethrown. Blocks nest by
 * flattening: only the outermost block commits, and an exception escaping a nested block aborts the
 * outermost one at once (see {@link BlockAbortedException}). If the commit or the rollback itself
 * throws, the heap runs no more blocks: later ones throw {@link IllegalStateException} with that
 * failure as cause, and the heap must be closed and reopened. A commit throws only from its frees
 * (one was refused), after the block is durable: the block stays committed. A rollback whose
 * participant's guard failed leaves the block's stores in place until the next open rolls it back.
 *
 * <p><b>Failure atomicity is not isolation.</b> A block stores in place: other threads see its
 * stores as they happen, and an abort puts the old content back under their feet. Blocks on
 * different threads never share a log, but the caller must keep them apart:
 *
 * <ol>
 *   <li>every persistent object a block writes is protected by a lock (any volatile Java lock, e.g.
 *       one per object, or striped by {@link org.jnvm.core.heap.PObject#offset}) that the thread
 *       takes before its first store to the object and releases only after the outermost block has
 *       returned or thrown; readers that need a consistent view take the same locks;
 *   <li>to avoid deadlock, take several locks in one global order (e.g. by offset);
 *   <li>objects allocated in the block are private to it until it commits;
 *   <li>an object written by blocks is written or freed outside blocks only after {@link #settle}
 *       (the last blocks' logs may otherwise replay it after a crash);
 *   <li>{@link org.jnvm.core.heap.Roots} are not transactional: root changes made inside a block
 *       are durable at once and stay if the block aborts, so do not name objects allocated in the
 *       block.
 * </ol>
 *
 * Rule 1 is what recovery relies on, not only isolation: a block that stores to a line logged by
 * another block must start after that block returned.
 *
 * <p><b>Cost.</b> One fence before the first store to each cache line in a block (the undo fence)
 * and one at commit: a block that changes one field costs two fences, k lines cost k + 1, a block
 * that allocates or frees one more each. See {@link Commit} and {@link Undo}.
 *
 * <p><b>Log.</b> An undo log per running block, in the heap (see {@code docs/jpfa.md}). Undo,
 * because stores go in place: reads inside the block need no redirection and the code generator
 * only has to announce stores ({@link Hooks#beforeStore}). The commit record's check covers the
 * logged lines in place, so record and data share one fence: a record that checks against the lines
 * on media proves the block complete, one that does not is rolled back.
 */
public final class FA {
  private FA() {}

  /** Runs {@code body} as a failure-atomic block on {@code heap}. */
  public static <E extends Throwable> void run(Heap heap, Body<E> body) throws E {
    Block b = Block.current();
    b.enter(heap);
    try {
      body.run();
    } catch (Throwable t) {
      b.abort(t);
      throw t;
    }
    b.exit();
  }

  /** Runs {@code body} as a failure-atomic block on {@code heap} and returns its value. */
  public static <T, E extends Throwable> T call(Heap heap, ValueBody<T, E> body) throws E {
    Block b = Block.current();
    b.enter(heap);
    T result;
    try {
      result = body.call();
    } catch (Throwable t) {
      b.abort(t);
      throw t;
    }
    b.exit();
    return result;
  }

  /** {@link #run(Heap, Body)} on the default heap ({@link JNVM#heap()}). */
  public static <E extends Throwable> void run(Body<E> body) throws E {
    run(JNVM.heap(), body);
  }

  /** {@link #call(Heap, ValueBody)} on the default heap ({@link JNVM#heap()}). */
  public static <T, E extends Throwable> T call(ValueBody<T, E> body) throws E {
    return call(JNVM.heap(), body);
  }

  /** True if this thread is inside a failure-atomic block. */
  public static boolean inBlock() {
    return Block.current().inBlock();
  }

  /**
   * Makes every finished block's log truncation on {@code heap} durable (one fence), so that
   * objects written by blocks may then be written or freed outside blocks. Blocks never need it.
   */
  public static void settle(Heap heap) {
    HeapLogs.of(heap).settle();
  }
}
