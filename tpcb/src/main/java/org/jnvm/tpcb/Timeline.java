package org.jnvm.tpcb;

import java.io.DataOutputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * What the driver saw of one backend's run: every acknowledged transaction id, and how many were
 * acknowledged in each second since the run's start (the driver's clock, when it read the ACK
 * line). Filled by the thread reading the bank's output, read by the driver: synchronized.
 */
final class Timeline {
  private final long startMillis;
  private long[] perSecond = new long[64];
  private long[] acked = new long[1 << 16];
  private int ackCount;

  Timeline(long startMillis) {
    this.startMillis = startMillis;
  }

  synchronized void ack(long txid, long nowMillis) {
    if (ackCount == acked.length) acked = Arrays.copyOf(acked, ackCount * 2);
    acked[ackCount++] = txid;
    int s = (int) Math.max(0, (nowMillis - startMillis) / 1000);
    if (s >= perSecond.length)
      perSecond = Arrays.copyOf(perSecond, Math.max(s + 1, perSecond.length * 2));
    perSecond[s]++;
  }

  synchronized long acked() {
    return ackCount;
  }

  /** Transactions acknowledged whose id is {@code firstId} or above (a later epoch's, say). */
  synchronized long ackedFrom(long firstId) {
    long n = 0;
    for (int i = 0; i < ackCount; i++) if (acked[i] >= firstId) n++;
    return n;
  }

  /** Transactions acknowledged in each of the first {@code seconds} seconds. */
  synchronized long[] perSecond(int seconds) {
    return Arrays.copyOf(perSecond, seconds);
  }

  long startMillis() {
    return startMillis;
  }

  /** Writes the acknowledged ids as big-endian longs (what {@code bank check --acked} reads). */
  synchronized void writeAcked(Path file) throws IOException {
    try (DataOutputStream out =
        new DataOutputStream(new java.io.BufferedOutputStream(Files.newOutputStream(file)))) {
      for (int i = 0; i < ackCount; i++) out.writeLong(acked[i]);
    }
  }
}
