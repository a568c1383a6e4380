package org.jnvm.jpdt.collection;

import org.jnvm.core.heap.BlockSupport;
import org.jnvm.jpdt.ContainerInBlockException;

/**
 * The containers' refusal to change inside a failure-atomic block (see {@link
 * ContainerInBlockException}), checked before any write of a change. Outside blocks it costs one
 * volatile read while no block ever ran in the JVM, a thread-local lookup after.
 */
final class BlockCheck {
  private static final BlockSupport BLOCKS = BlockSupport.installed();

  private BlockCheck() {}

  static void refuseInBlock(String container, String operation) {
    if (BLOCKS.inBlock()) {
      throw new ContainerInBlockException(
          container
              + "."
              + operation
              + " inside a failure-atomic block: J-PDT containers do not take part in blocks yet"
              + " (an abort or a crash would undo the block and keep this change); change the"
              + " container before or after the block. Nothing was written.");
    }
  }
}
