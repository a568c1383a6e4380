package org.jnvm.tpcb;

import java.nio.file.Path;

/**
 * What one backend's crash run needs: the bank's shape, the client threads, the run's length and
 * kill time in seconds (a kill at or after the end means no kill), where the bank's files go, the
 * J-NVM heap size, the bank JVM's {@code -Xmx}, which stores preload, and where logs go.
 */
record RunSettings(
    BankShape shape,
    int threads,
    int seconds,
    int crashAt,
    Path dataDir,
    long heapBytes,
    String childXmx,
    Preload preload,
    Path logDir) {
  RunSettings {
    if (threads < 1) throw new IllegalArgumentException("threads must be >= 1: " + threads);
    if (seconds < 2) throw new IllegalArgumentException("seconds must be >= 2: " + seconds);
    if (crashAt < 1) throw new IllegalArgumentException("crash-at must be >= 1 s: " + crashAt);
  }

  boolean kills() {
    return crashAt < seconds;
  }
}
