package org.jnvm.jpdt.collection;

import java.util.concurrent.locks.StampedLock;

/**
 * Locks of a map's index parts: none for the single-threaded maps, one {@link StampedLock} per part
 * for the concurrent ones. A write lock covers every change to the entries whose keys hash to the
 * part (and the part's stripe of free slots); a read lock keeps those entries, their keys and their
 * values from being freed while they are read.
 */
abstract class Guard {
  abstract long readLock(int part);

  abstract void unlockRead(int part, long stamp);

  abstract long writeLock(int part);

  abstract void unlockWrite(int part, long stamp);

  /**
   * Write-locks the first {@code parts} parts in order; returns the stamps for {@link #unlockAll}.
   * The maps never call user code (a {@code compute} function, an action) while holding a part's
   * lock, so a block rolled back from such code does not wait here for its own thread.
   */
  long[] lockAll(int parts) {
    long[] stamps = new long[parts];
    for (int p = 0; p < parts; p++) stamps[p] = writeLock(p);
    return stamps;
  }

  /** Releases what {@link #lockAll} took, in reverse order. */
  void unlockAll(long[] stamps) {
    for (int p = stamps.length - 1; p >= 0; p--) unlockWrite(p, stamps[p]);
  }

  /** No locking: the map is used by one thread at a time, as java.util's plain maps are. */
  static Guard none() {
    return None.INSTANCE;
  }

  /** One read-write lock per part. */
  static Guard striped(int parts) {
    return new Striped(parts);
  }

  private static final class None extends Guard {
    static final None INSTANCE = new None();

    @Override
    long readLock(int part) {
      return 0;
    }

    @Override
    void unlockRead(int part, long stamp) {}

    @Override
    long writeLock(int part) {
      return 0;
    }

    @Override
    void unlockWrite(int part, long stamp) {}

    @Override
    long[] lockAll(int parts) {
      return new long[0];
    }
  }

  private static final class Striped extends Guard {
    private final StampedLock[] locks;

    Striped(int parts) {
      locks = new StampedLock[parts];
      for (int i = 0; i < parts; i++) locks[i] = new StampedLock();
    }

    @Override
    long readLock(int part) {
      return locks[part].readLock();
    }

    @Override
    void unlockRead(int part, long stamp) {
      locks[part].unlockRead(stamp);
    }

    @Override
    long writeLock(int part) {
      return locks[part].writeLock();
    }

    @Override
    void unlockWrite(int part, long stamp) {
      locks[part].unlockWrite(stamp);
    }
  }
}
