package org.jnvm.crucial.backend;

/**
 * The instance running an attempt died, timed out or never started: the attempt's outcome is
 * unknown and the executor may run the task again (its journal keeps DSO calls exactly-once).
 */
public final class FunctionLostException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public FunctionLostException(String message, Throwable cause) {
    super(message, cause);
  }
}
