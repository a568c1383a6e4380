package org.jnvm.core.heap;

import org.jnvm.core.JnvmException;

/** No room for an allocation. Everything allocated before stays intact and readable. */
public class HeapFullException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public HeapFullException(String message) {
    super(message);
  }
}
