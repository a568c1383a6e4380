package org.jnvm.core.heap;

import org.jnvm.core.JnvmException;

/**
 * The heap file cannot be created or opened for a reason outside its content: missing or read-only
 * directory, no space, locked by another JVM, already open in this one.
 */
public class HeapAccessException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public HeapAccessException(String message) {
    super(message);
  }

  public HeapAccessException(String message, Throwable cause) {
    super(message, cause);
  }
}
