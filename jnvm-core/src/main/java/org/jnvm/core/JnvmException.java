package org.jnvm.core;

/**
 * The root of every J-NVM error. Unchecked: a persistent-memory failure is not something a caller
 * can usually recover from locally. Messages state the rule, then the values.
 */
public class JnvmException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public JnvmException(String message) {
    super(message);
  }

  public JnvmException(String message, Throwable cause) {
    super(message, cause);
  }
}
