package org.jnvm.emulation.kill;

import java.io.IOException;

/**
 * The child's side of the kill protocol, for workload main classes run by {@link KillHarness}.
 *
 * <p>Protocol: the child prints {@code ACK n} on standard output once operation {@code n} is
 * durable, never before; {@code n} strictly increases over the whole run, across restarts (the
 * child recovers its position from the heap). Other output is allowed and shown when a run fails.
 *
 * <p>In a JVM started by the harness (system property {@value #CHILD_PROPERTY}), loading this class
 * also starts a watchdog that halts the JVM when its standard input reaches end of file: the
 * harness never writes to it, so that happens only when the parent has gone, and an orphaned
 * workload does not spin forever. Elsewhere (a test runner's own JVM, whose standard input may
 * carry the runner's commands) nothing is started.
 */
public final class KillChild {
  /** Set by the harness on the child's command line. */
  public static final String CHILD_PROPERTY = "jnvm.kill.child";

  /** Exit status of a child whose parent went away. */
  public static final int ORPHANED = 3;

  static {
    if (Boolean.getBoolean(CHILD_PROPERTY)) {
      Thread t = new Thread(KillChild::haltWhenParentGoes, "jnvm-kill-watchdog");
      t.setDaemon(true);
      t.start();
    }
  }

  private KillChild() {}

  /**
   * Does nothing but load this class: a workload calls it first thing in {@code main}, so that the
   * watchdog also guards its recovery, before the first ACK.
   */
  public static void begin() {
    // the static initializer has run
  }

  /** Acknowledges operation {@code n}: call only once it is durable. */
  public static void ack(long n) {
    System.out.println("ACK " + n);
    System.out.flush();
  }

  private static void haltWhenParentGoes() {
    try {
      while (System.in.read() >= 0) {
        // the harness writes nothing: only end of file matters
      }
    } catch (IOException ignored) {
      // a broken pipe also means the parent has gone
    }
    Runtime.getRuntime().halt(ORPHANED);
  }
}
