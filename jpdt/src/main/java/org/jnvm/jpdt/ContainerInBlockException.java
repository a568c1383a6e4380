package org.jnvm.jpdt;

import org.jnvm.core.JnvmException;

/**
 * A J-PDT container (map or list) was asked to change inside a failure-atomic block. Containers do
 * not take part in blocks yet: their changes are durable at once and bypass the block's undo log,
 * so an abort or a crash would undo the block's other stores and keep the container's change, and
 * an abort would free objects the container already links. The change is refused before anything is
 * written, so the block aborts cleanly and the heap loses nothing. Change the container before or
 * after the block. J-PDT's arrays do take part in blocks.
 */
public class ContainerInBlockException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public ContainerInBlockException(String message) {
    super(message);
  }
}
