package org.jnvm.dso;

/**
 * Root of every error the DSO layer reports. Messages state the rule, then the values involved. The
 * nested subclasses are the ones callers act on.
 */
public class DsoException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public DsoException(String message) {
    super(message);
  }

  public DsoException(String message, Throwable cause) {
    super(message, cause);
  }

  /** The server does not know (has not registered) the shared object's type. */
  public static final class UnknownType extends DsoException {
    private static final long serialVersionUID = 1L;

    public UnknownType(String message) {
      super(message);
    }
  }

  /** An argument, initial state or result cannot travel: not serializable or not allowed. */
  public static final class NotSerializable extends DsoException {
    private static final long serialVersionUID = 1L;

    public NotSerializable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** No server answered within the call timeout. */
  public static final class Unreachable extends DsoException {
    private static final long serialVersionUID = 1L;

    public Unreachable(String message, Throwable cause) {
      super(message, cause);
    }
  }

  /** Client and server speak different protocol versions. */
  public static final class VersionMismatch extends DsoException {
    private static final long serialVersionUID = 1L;

    public VersionMismatch(String message) {
      super(message);
    }
  }

  /** The server refused the client: wrong or missing token. */
  public static final class Denied extends DsoException {
    private static final long serialVersionUID = 1L;

    public Denied(String message) {
      super(message);
    }
  }

  /** The object does not exist (never created, deleted, or ephemeral and lost with its node). */
  public static final class NoSuchObject extends DsoException {
    private static final long serialVersionUID = 1L;

    public NoSuchObject(String message) {
      super(message);
    }
  }

  /** The shared object's method threw; the remote exception's type and message are kept. */
  public static final class Remote extends DsoException {
    private static final long serialVersionUID = 1L;
    private final String remoteType;

    public Remote(String remoteType, String message) {
      super(remoteType + ": " + message);
      this.remoteType = remoteType;
    }

    /** Class name of the exception the method threw on the server. */
    public String remoteType() {
      return remoteType;
    }
  }
}
