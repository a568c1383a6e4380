package org.jnvm.jpdt;

import org.jnvm.core.heap.BlockSupport;

/**
 * How J-PDT's arrays take part in failure-atomic blocks: each element store is announced first, so
 * that inside a block its lines are undo-logged (restored by an abort or by recovery after a crash
 * before the commit); outside blocks this is one volatile read. The arrays' own write-back and
 * fence still follow each store: inside a block they only make it durable early, which the undo log
 * covers.
 */
final class InBlocks {
  private static final BlockSupport BLOCKS = BlockSupport.installed();

  private InBlocks() {}

  static void beforeStore(long address, long bytes) {
    BLOCKS.beforeStore(address, bytes);
  }
}
