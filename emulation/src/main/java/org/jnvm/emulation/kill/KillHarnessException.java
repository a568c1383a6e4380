package org.jnvm.emulation.kill;

import org.jnvm.core.JnvmException;

/**
 * A kill run failed: a child died on its own, stayed silent, broke the ACK protocol, did not die
 * when killed, or the checker refused the heap. The message names the round, the seed, the last
 * acknowledged operation and ends with the child's last output lines.
 */
public class KillHarnessException extends JnvmException {
  private static final long serialVersionUID = 1L;

  public KillHarnessException(String message) {
    super(message);
  }

  public KillHarnessException(String message, Throwable cause) {
    super(message, cause);
  }
}
