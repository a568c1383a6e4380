package org.jnvm.core.heap;

import org.jnvm.core.JnvmException;

/** Media content that breaks an invariant: a reference or length that cannot be right. */
public class HeapCorruptException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public HeapCorruptException(String message) {
    super(message);
  }

  public HeapCorruptException(String message, Throwable cause) {
    super(message, cause);
  }
}
