package org.jnvm.core.heap;

import java.nio.file.Path;
import org.jnvm.core.JnvmException;

/** A file that is not a usable J-NVM heap: not a heap, truncated, bad checksum, other version. */
public class HeapFormatException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public HeapFormatException(Path file, String problem) {
    super(problem + ": file=" + file);
  }
}
