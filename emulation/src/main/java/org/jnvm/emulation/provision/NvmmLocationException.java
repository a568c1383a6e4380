package org.jnvm.emulation.provision;

import org.jnvm.core.heap.HeapAccessException;

/**
 * A heap location cannot be used: the directory is missing, not a directory, read-only, not
 * writable or too full for the heap asked for. A {@link HeapAccessException}, so callers that
 * already handle heap access problems handle these too. The message names the directory, where it
 * came from and the values compared.
 */
public class NvmmLocationException extends HeapAccessException {
  private static final long serialVersionUID = 1L;

  public NvmmLocationException(String message) {
    super(message);
  }

  public NvmmLocationException(String message, Throwable cause) {
    super(message, cause);
  }
}
