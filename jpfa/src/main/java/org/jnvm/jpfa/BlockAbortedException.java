package org.jnvm.jpfa;

import org.jnvm.core.JnvmException;

/**
 * The failure-atomic block this thread is in was already aborted (and rolled back) by an exception
 * that escaped a nested block; the outer code caught it and went on. Nesting is flat, so the outer
 * block cannot commit: its persistent stores, nested blocks and its normal end all throw this, with
 * the original exception as the cause, until the outermost block ends.
 */
public class BlockAbortedException extends JnvmException {
  private static final long serialVersionUID = 1L;

  BlockAbortedException(String what, Throwable cause) {
    super(
        what
            + ": the block was aborted and rolled back by an exception from a nested block: "
            + cause,
        cause);
  }
}
