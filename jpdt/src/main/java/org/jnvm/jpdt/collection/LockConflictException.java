package org.jnvm.jpdt.collection;

import org.jnvm.core.JnvmException;

/**
 * A failure-atomic block that holds parts of a concurrent map gave up waiting for another part, so
 * that no two blocks wait for each other forever (see {@link PConcurrentHashMap}, "Blocks"). When
 * it escapes the block, the block rolls back and its parts are released: run the block again.
 */
public class LockConflictException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public LockConflictException(String message, Throwable cause) {
    super(message, cause);
  }
}
