package org.jnvm.ycsb.bench;

/**
 * A {@code progress PHASE 0 0} line every {@link #EVERY_MILLIS} from a daemon thread of a child JVM
 * while a long step that prints nothing runs (a restart's open, preload or check of millions of
 * entries): the parent kills only a child that stopped printing, a stuck one.
 */
final class Heartbeat implements AutoCloseable {
  private static final long EVERY_MILLIS = 5000;

  private final Thread thread;
  private volatile String phase;

  Heartbeat(String phase) {
    this.phase = phase;
    thread = new Thread(this::beat, "restart-heartbeat");
    thread.setDaemon(true);
    thread.start();
  }

  /** The step now running. */
  void phase(String p) {
    phase = p;
  }

  private void beat() {
    try {
      while (true) {
        Thread.sleep(EVERY_MILLIS);
        UnitMain.progress(phase, 0, 0);
      }
    } catch (InterruptedException stopped) {
      // closed
    }
  }

  @Override
  public void close() {
    thread.interrupt();
  }
}
