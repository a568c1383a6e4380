package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.BlockSupport;

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
 *   <li>a container changed in a block joins it through its {@link Guard}: a concurrent map's block
 *       keeps the parts it changed until it ends ({@link PartLocks}), a container that is not
 *       thread-safe is owned by the block until it ends ({@link SingleWriter}); if the block is
 *       rolled back, the container's volatile state is undone or rebuilt from media before other
 *       threads get in again, so no other thread follows an index to an object the rollback freed.
 * </ul>
 *
 * Outside blocks each call is one volatile read while no block ever ran in the JVM, a thread-local
 * lookup after. The containers keep their own write-backs and fences inside blocks: they only make
 * the changes durable early, which the undo log covers.
 */
final class InBlock {
  private static final BlockSupport BLOCKS = BlockSupport.installed();

  private InBlock() {}

  static void beforeStore(long address, long bytes) {
    BLOCKS.beforeStore(address, bytes);
  }
}
