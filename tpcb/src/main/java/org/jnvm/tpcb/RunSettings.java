package org.jnvm.tpcb;

import java.nio.file.Path;
import java.util.List;

/**
 * What one backend's crash run needs: the bank's shape, the client threads, the run's length and
 * kill time in seconds (a kill at or after the end means no kill), where the bank's files go, the
 * J-NVM heap size, the bank JVM's {@code -Xmx}, which stores preload, where logs go, and extra JVM
 * flags of the bank JVMs (the class data sharing archive's, see {@link ClassSharing}).
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
    Path logDir,
    List<String> childFlags) {
  RunSettings {
    if (threads < 1) throw new IllegalArgumentException("threads must be >= 1: " + threads);
    if (seconds < 2) throw new IllegalArgumentException("seconds must be >= 2: " + seconds);
    if (crashAt < 1) throw new IllegalArgumentException("crash-at must be >= 1 s: " + crashAt);
    childFlags = List.copyOf(childFlags);
  }

  /** These settings with the bank JVMs started with {@code flags} as well. */
  RunSettings withChildFlags(List<String> flags) {
    return new RunSettings(
        shape, threads, seconds, crashAt, dataDir, heapBytes, childXmx, preload, logDir, flags);
  }

  boolean kills() {
    return crashAt < seconds;
  }
}
