package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;

/**
 * How the containers take part in failure-atomic blocks (jpfa), through the core's {@link
 * BlockSupport}:
 *
 * <ul>
 *   <li>every durable store a change makes to memory that existed before the block (a slot, an
 *       entry's value word, a directory word, a header's array or directory word) is announced
 *       first ({@link #beforeStore}), so the block's undo log restores it on abort and recovery
 *       restores it after a crash before the commit; objects a change allocates are the block's
 *       (freed by an abort), and what it frees is freed at the commit;
 *   <li>a container changed in a block joins it ({@link #joining}): if the block is rolled back,
 *       the container takes all its locks before the rollback restores media and frees what the
 *       block allocated, and rebuilds its volatile index from media before releasing them, so no
 *       other thread follows the index to an object the rollback freed.
 * </ul>
 *
 * Outside blocks each call is one volatile read while no block ever ran in the JVM, a thread-local
 * lookup after. The containers keep their own write-backs and fences inside blocks: they only make
 * the changes durable early, which the undo log covers.
 */
final class InBlock {
  private static final BlockSupport BLOCKS = BlockSupport.installed();

  /** A container whose volatile state is guarded and rebuilt around a block's rollback. */
  interface Reloadable extends BlockSupport.RollbackParticipant {}

  private InBlock() {}

  static void beforeStore(long address, long bytes) {
    BLOCKS.beforeStore(address, bytes);
  }

  /**
   * Before a change of {@code c}, which lives in {@code heap}, and before it allocates: inside a
   * block, {@code c} is rebuilt if the block aborts; a block on another heap refuses the change.
   */
  static void joining(Heap heap, Reloadable c) {
    if (BLOCKS.inBlock()) BLOCKS.join(heap, c);
  }
}
