package org.jnvm.core.pmem;

import org.jnvm.core.JnvmException;

/**
 * The file of a mapped heap was changed under this JVM by someone else (truncated, punched,
 * replaced by a copy): an access through the mapping faulted or would have. The mapping is refused
 * from then on; the heap must be closed, its file restored from a copy, and reopened. See {@code
 * docs/gateway.md}, "Files changed under a running JVM".
 */
public class MappedFileChangedException extends JnvmException {
  private static final long serialVersionUID = 1L;

  MappedFileChangedException(String message, Throwable cause) {
    super(message, cause);
  }
}
