package org.jnvm.infinispan;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which segments may hold an entry with an expiry: the segments a purge must read.
 *
 * <p>Infinispan's expiration reaper asks the store to purge at every wake-up (a minute by default),
 * whether or not any entry was ever written with a lifespan or a max idle. Finding the expired
 * entries means reading every record's expiry in NVMM, under the segment's write lock: about half a
 * microsecond per entry, 1.4 s of CPU per purge for 3M entries on the benchmarks' VM, every minute,
 * on a machine that may have two CPUs. A segment known to hold no entry with an expiry is skipped
 * instead, so a store whose entries never expire reads nothing after its first purge (none at all
 * if this run created it).
 *
 * <p>Invariant: a segment that holds an entry whose expiry is set is marked. Every segment is
 * marked when a store that existed opens (nothing is known of what a previous run wrote), none when
 * it was created empty; every store of an entry with an expiry marks its segment; only a purge that
 * has just read every entry of the segment and left none with an expiry unmarks it. Each of these
 * runs under the segment's write lock ({@link SegmentMaps}), which orders them: a write marking a
 * segment cannot interleave with the scan that unmarks it. The marks are volatile state only; the
 * entries' expiries on media are the truth, rebuilt from at the first purge after an open.
 */
final class ExpiringSegments {
  /** True where a purge must read the segment. Guarded by the segment's write lock. */
  private final boolean[] marked;

  private final AtomicLong scanned = new AtomicLong();

  /**
   * @param empty the store was created just now: no segment is marked
   */
  ExpiringSegments(int segments, boolean empty) {
    marked = new boolean[segments];
    Arrays.fill(marked, !empty);
  }

  /**
   * An entry with absolute expiry {@code expiry} ({@code <= 0}: never) was stored in {@code seg}.
   */
  void stored(int seg, long expiry) {
    if (expiry > 0) marked[seg] = true;
  }

  /** True if a purge must read segment {@code seg}. */
  boolean mustScan(int seg) {
    return marked[seg];
  }

  /**
   * A purge read the {@code entries} entries of {@code seg}; {@code expiringLeft}: one it did not
   * remove has an expiry.
   */
  void scanned(int seg, long entries, boolean expiringLeft) {
    marked[seg] = expiringLeft;
    scanned.addAndGet(entries);
  }

  /** Entries purges have read since the store opened (for tests and diagnostics). */
  long scannedEntries() {
    return scanned.get();
  }
}
