package org.jnvm.emulation.crash;

/**
 * A crash image on which recovery or the check failed. The message names the crash point, the lines
 * that reached media beyond what was fenced (with the versions chosen), the stack at the crash
 * point, and how to reproduce it deterministically.
 */
public final class CrashFailure extends AssertionError {
  private static final long serialVersionUID = 1L;
  private final long point;
  private final long seed;

  CrashFailure(String message, long point, long seed, Throwable cause) {
    super(message, cause);
    this.point = point;
    this.seed = seed;
  }

  /** The crash point (1-based count of fences, and write-backs when enabled). */
  public long point() {
    return point;
  }

  public long seed() {
    return seed;
  }
}
