package org.jnvm.jpdt.collection;

/**
 * The locks of a container, and how failure-atomic blocks take part in them: {@link PartLocks} (one
 * lock per part of a concurrent map, kept by a block until it ends) or {@link SingleWriter} (the
 * containers that are not thread-safe: one block or plain thread at a time, checked). A write lock
 * covers every change to the entries whose keys belong to the part (and the part's stripe of free
 * slots); a read lock keeps them from being changed or freed while they are read.
 *
 * <p>A change made under a write lock whose stamp is {@link #HELD} belongs to this thread's block:
 * the container records how to undo its volatile state ({@link #undo}) and defers its size change
 * ({@link #deferCount}) to the commit.
 */
abstract class Guard {
  /**
   * The stamp of a part this thread's failure-atomic block holds: nothing to release at the end of
   * the operation (the block releases it when it ends). Never a stamp of a real lock.
   */
  static final long HELD = 0;

  /** What a guard needs of its container around a block's end. */
  interface Host {
    /** False if the container was allocated by the rolled-back block (freed with it). */
    boolean live();

    /** Rebuilds every volatile state from media (after a rollback of a block that held it all). */
    void reloadAll();

    /** Adds a committed block's change of the entry count. */
    default void addCount(long delta) {}
  }

  abstract long readLock(int part);

  abstract void unlockRead(int part, long stamp);

  abstract long writeLock(int part);

  abstract void unlockWrite(int part, long stamp);

  /** Records how to undo, after a rollback, a volatile change made under the {@link #HELD} part. */
  void undo(int part, Runnable r) {}

  /**
   * Defers {@code delta} to the entry count of the container until this thread's block commits
   * (under a {@link #HELD} part); false if the caller applies it now.
   */
  boolean deferCount(long delta) {
    return false;
  }

  /** This thread's block changed the whole container (clear): a rollback rebuilds it all. */
  void changedAll() {}

  /**
   * True if this thread's block changed the whole container ({@link #changedAll}): its growth is
   * then part of the block (the directory is the block's own), else a growth stays when the block
   * rolls back (other threads may use the new segment meanwhile).
   */
  boolean holdsAll() {
    return false;
  }

  /**
   * Write-locks the first {@code parts} parts in order; returns the stamps for {@link #unlockAll}.
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
}
