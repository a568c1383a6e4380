package org.jnvm.jpfa;

import java.util.concurrent.locks.ReentrantLock;

/**
 * The locking {@link FA} documents, for accounts known by index: one volatile lock per account,
 * taken in index order (no deadlock), held from before the block until after it returns.
 */
public final class AccountLocks {
  private final ReentrantLock[] locks;

  public AccountLocks(int n) {
    locks = new ReentrantLock[n];
    for (int i = 0; i < n; i++) locks[i] = new ReentrantLock();
  }

  /** Runs {@code r} holding the locks of accounts {@code i} and {@code j} (distinct). */
  public <E extends Throwable> void withBoth(int i, int j, Body<E> r) throws E {
    ReentrantLock first = locks[Math.min(i, j)];
    ReentrantLock second = locks[Math.max(i, j)];
    first.lock();
    try {
      second.lock();
      try {
        r.run();
      } finally {
        second.unlock();
      }
    } finally {
      first.unlock();
    }
  }
}
