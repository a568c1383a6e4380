package org.jnvm.ycsb;

import java.util.concurrent.locks.StampedLock;

/**
 * Read-write locks striped by key. Backends that update a record in place and free what an update
 * replaces hold a key's stripe: writers exclusively, readers shared, so that a reader never copies
 * bytes a concurrent update has freed and two updates never free the same field.
 */
public final class StripedLocks {
  private static final int STRIPES = 1024;
  private final StampedLock[] locks = new StampedLock[STRIPES];

  public StripedLocks() {
    for (int i = 0; i < STRIPES; i++) locks[i] = new StampedLock();
  }

  /** The lock of {@code key}'s stripe. */
  public StampedLock of(String key) {
    int h = key.hashCode();
    return locks[(h ^ (h >>> 16)) & (STRIPES - 1)];
  }
}
