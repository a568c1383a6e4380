package org.jnvm.infinispan.kill;

/**
 * The kill workload's operations: writer {@code t} of {@link #WRITERS} runs operations {@code j =
 * t, t + WRITERS, ...}; operation {@code j} puts {@code "v" + j} under key {@code "k" + (j %
 * SLOTS)}. SLOTS is a multiple of WRITERS, so each key has one writer and its values only grow.
 */
final class KillSchedule {
  static final int WRITERS = 2;
  static final int SLOTS = 512;

  private KillSchedule() {}

  static String key(long j) {
    return "k" + (j % SLOTS);
  }

  static String value(long j) {
    return "v" + j;
  }

  /** The operation number a stored value stands for. */
  static long op(String value) {
    return Long.parseLong(value.substring(1));
  }

  /**
   * The highest {@code w} such that every operation up to {@code w} is done, given each writer's
   * last done operation ({@code t - WRITERS} if none).
   */
  static long watermark(long[] done) {
    long next = Long.MAX_VALUE;
    for (long d : done) next = Math.min(next, d + WRITERS);
    return next - 1;
  }

  /** The last operation up to {@code ack} on slot {@code s}, or -1 if none. */
  static long lastOn(int s, long ack) {
    if (ack < s) return -1;
    return ack - ((ack - s) % SLOTS);
  }
}
