package org.jnvm.ycsb.bench;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;
import site.ycsb.ByteIterator;
import site.ycsb.DB;
import site.ycsb.Status;

/**
 * The reads of a restarted {@code --restart} child: one thread reading uniformly chosen loaded
 * keys, counted in windows of {@link Steady#WINDOW_MILLIS} by completion time.
 */
final class Reads {
  private static final long WINDOW_NANOS = Steady.WINDOW_MILLIS * 1_000_000L;
  private static final long SEED = 51;

  private final DB db;
  private final long records;
  private final SplittableRandom random = new SplittableRandom(SEED);
  private final Map<String, ByteIterator> out = new HashMap<>();
  private long firstNanos = -1;
  private long failed;

  Reads(DB db, long records) {
    this.db = db;
    this.records = records;
  }

  /** Reads for {@code windows} windows from {@code start} (a {@code nanoTime}); their counts. */
  long[] run(long start, int windows) {
    long[] counts = new long[windows];
    while (true) {
      out.clear();
      Status s = db.read(RestartUnit.TABLE, RestartValue.key(random.nextLong(records)), null, out);
      long now = System.nanoTime();
      long w = (now - start) / WINDOW_NANOS;
      if (w >= windows) return counts;
      if (!s.isOk()) {
        failed++;
        continue;
      }
      if (firstNanos < 0) firstNanos = now;
      counts[(int) w]++;
    }
  }

  /** When the first read was answered ({@code nanoTime}), -1 if none was. */
  long firstNanos() {
    return firstNanos;
  }

  /** Reads that did not answer OK (a key lost, an error). */
  long failed() {
    return failed;
  }

  /** The windows of a read period of {@code seconds}. */
  static int windows(double seconds) {
    return (int) Math.ceil(seconds * 1e9 / WINDOW_NANOS);
  }
}
