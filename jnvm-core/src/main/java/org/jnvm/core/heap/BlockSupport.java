package org.jnvm.core.heap;

import java.util.function.Supplier;

/**
 * The hook through which a failure-atomic-block library (the jpfa module) sees what the heap does
 * inside a block, and which backs {@link org.jnvm.core.JNVM#fa}. Core cannot depend on that
 * library, so it finds one implementation through {@link java.util.ServiceLoader} when this
 * interface is first used, and uses a no-op one when there is none.
 *
 * <p>Every method is called on the thread that allocates, frees or runs the block; an
 * implementation keeps its per-thread state itself and ignores heaps its thread has no block on.
 */
public interface BlockSupport {

  /**
   * An object of {@code heap} was just reserved at {@code address} by this thread (zeroed, header
   * written, not yet published), before the constructor writes its fields.
   */
  void allocated(Heap heap, long address);

  /**
   * This thread asks to free {@code o}. Returns true if the implementation takes the free over (it
   * then frees the object when the thread's block commits, or never if it aborts); false lets the
   * heap free it now.
   */
  boolean deferFree(Heap heap, PObject o);

  /**
   * True if this thread is inside a failure-atomic block (on any heap). Cheap when no block ever
   * ran in this JVM: libraries call it on their write paths.
   */
  default boolean inBlock() {
    return false;
  }

  /**
   * Announces a store of {@code bytes} bytes at absolute address {@code address} by a library that
   * writes persistent memory itself (J-PDT's arrays): inside a block, the lines are logged so that
   * an abort or a crash before commit restores them; outside a block, nothing happens.
   */
  default void beforeStore(long address, long bytes) {}

  /**
   * Inside a block, registers {@code p} (once per object), which lives in {@code heap}: a library
   * whose stores the block undoes (J-PDT's containers) keeps indexes in DRAM that a rollback of
   * persistent memory does not touch, and other threads may be reading it. If the block is rolled
   * back, {@code p} is told before the rollback starts and after it ends, on this thread; nothing
   * happens if the block commits. Outside a block, nothing happens. Called before the change
   * allocates anything, so that a refused change leaves nothing behind.
   *
   * @return true if {@code p} is (now or already) registered with this thread's block; false
   *     outside a block, and in a doomed block (one rolled back already, whose stores are refused):
   *     {@code p} then hears nothing
   * @throws IllegalArgumentException inside a block on another heap than {@code heap}: a block
   *     changes one heap
   */
  default boolean join(Heap heap, RollbackParticipant p) {
    return false;
  }

  /**
   * Runs {@code r} as if this thread were in no block: what it allocates is not the block's (an
   * abort does not free it), what it frees is freed at once, and stores it announces are not
   * logged. For structural changes that other threads may already rely on (a J-PDT map's growth by
   * a segment): the caller makes them crash-consistent on their own.
   */
  default void outside(Runnable r) {
    r.run();
  }

  /**
   * Makes the last blocks on {@code heap} unable to replay after a crash (one fence): before a
   * store outside blocks to memory that a committed block changed (see jpfa's {@code FA.settle}).
   */
  default void settle(Heap heap) {}

  /**
   * True if {@code address} lies in an object of {@code heap} that this thread's block allocated
   * (no other thread can reach it before the block commits).
   */
  default boolean isFresh(Heap heap, long address) {
    return false;
  }

  /**
   * Something a failure-atomic block changed and whose users must not run while the block rolls it
   * back (see {@link #join}).
   */
  interface RollbackParticipant {
    /**
     * Before the rollback restores persistent memory and frees what the block allocated: keep other
     * threads out (take every lock the object's readers and writers take).
     */
    void beforeRollback();

    /**
     * After the rollback, always called once {@link #beforeRollback} returned: rebuild volatile
     * state from persistent memory, then let other threads in again.
     */
    void afterRollback();

    /**
     * After the outermost block committed (durable), on the block's thread: let other threads in
     * again. A participant hears either this or the rollback pair, once per block it joined.
     */
    default void afterCommit() {}
  }

  /** Runs {@code body} as a failure-atomic block on {@code heap} and returns its value. */
  <T> T call(Heap heap, Supplier<T> body);

  /** The implementation found on the class path, or one that runs no blocks. */
  static BlockSupport installed() {
    return Blocks.SUPPORT;
  }
}
