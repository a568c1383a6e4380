package org.jnvm.jpdt.collection;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.concurrent.locks.StampedLock;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;

/**
 * The parts' locks of a concurrent map (one {@link StampedLock} each), with two-phase locking for
 * failure-atomic blocks, so that blocks on several threads change one map without a caller's lock:
 *
 * <ul>
 *   <li>Outside blocks an operation locks its part for its own duration, as any concurrent map.
 *   <li>A block keeps the write lock of every part it changed until it ends ({@link Hold}): no
 *       other thread changes those parts' slots, entries or free slots meanwhile (the undo log
 *       restores whole cache lines, and the entry store gives each part lines of its own), and no
 *       reader sees a value the block may still roll back (readers wait for the part).
 *   <li>At the commit (durable, frees done) the block releases its parts. At a rollback, media is
 *       restored and the block's objects freed while it still holds them; then the map undoes its
 *       volatile changes in reverse ({@link #undo}) and releases them.
 *   <li>Deadlock: a thread that holds no part waits as long as it takes (it cannot close a cycle);
 *       so do plain threads holding one part (readers, writers outside blocks): they wait for
 *       nothing while they hold it. A block that holds parts and waits for another part:
 *       <ul>
 *         <li>held by a younger block (blocks are aged by their first lock): waits;
 *         <li>held by an older block: waits while that block runs, and gives up as soon as that
 *             block waits too (perhaps for this one);
 *         <li>held by threads outside blocks: waits, but at most {@link #WAIT_MILLIS} while a plain
 *             {@code clear} (which takes every part, one after the other) is under way.
 *       </ul>
 *       Giving up throws {@link LockConflictException}, which rolls the block back when it escapes.
 *       A waiting older block never gives up for a younger one, so every cycle of waits is broken
 *       by its youngest member, and the oldest block always proceeds.
 *   <li>A plain writer that takes a part a block changed first settles the heap (one fence): the
 *       committed block's log may otherwise replay over the writer's store after a crash.
 * </ul>
 */
final class PartLocks extends Guard {
  /** How long a block holding parts waits for a part before it gives up (property to change). */
  static final long WAIT_MILLIS = Long.getLong("jnvm.jpdt.blockLockWaitMillis", 200);

  private static final long WAIT_NANOS = TimeUnit.MILLISECONDS.toNanos(WAIT_MILLIS);

  private static final BlockSupport BLOCKS = BlockSupport.installed();
  private static final AtomicLong AGES = new AtomicLong();
  private static final ThreadLocal<Ticket> TICKET = ThreadLocal.withInitial(Ticket::new);

  private final Heap heap;
  private final Host host;
  private final long header;
  private final StampedLock[] locks;
  private final AtomicReferenceArray<Hold> owners;

  /** Parts a block changed since the last plain writer: guarded by the part's write lock. */
  private final boolean[] touched;

  private final ThreadLocal<Hold> holds = ThreadLocal.withInitial(Hold::new);

  /** Plain threads taking every part ({@link #lockAll} outside blocks) right now. */
  private final AtomicInteger clearing = new AtomicInteger();

  PartLocks(int parts, Heap heap, long header, Host host) {
    this.heap = heap;
    this.header = header;
    this.host = host;
    locks = new StampedLock[parts];
    for (int i = 0; i < parts; i++) locks[i] = new StampedLock();
    owners = new AtomicReferenceArray<>(parts);
    touched = new boolean[parts];
  }

  @Override
  long readLock(int part) {
    if (!BLOCKS.inBlock()) return locks[part].readLock();
    Hold h = holds.get();
    if (owners.get(part) == h) return HELD;
    return acquire(part, false, h.ticket);
  }

  @Override
  void unlockRead(int part, long stamp) {
    if (stamp != HELD) locks[part].unlockRead(stamp);
  }

  @Override
  long writeLock(int part) {
    if (!BLOCKS.inBlock()) return plainWrite(part);
    Hold h = holds.get();
    if (owners.get(part) == h) return HELD;
    if (!h.joined) {
      if (!BLOCKS.join(heap, h)) return plainWrite(part); // doomed: its stores are refused
      h.joined = true;
    }
    long s = acquire(part, true, h.ticket);
    owners.set(part, h);
    touched[part] = true;
    h.add(part, s);
    return HELD;
  }

  @Override
  void unlockWrite(int part, long stamp) {
    if (stamp != HELD) locks[part].unlockWrite(stamp);
  }

  @Override
  void undo(int part, Runnable r) {
    holds.get().undo.add(r);
  }

  @Override
  boolean deferCount(long delta) {
    holds.get().delta += delta;
    return true;
  }

  @Override
  void changedAll() {
    Hold h = holds.get();
    h.all = true;
    h.delta = 0;
  }

  /** Outside blocks, counted in {@link #clearing} while it waits: blocks may wait for it. */
  @Override
  long[] lockAll(int parts) {
    if (BLOCKS.inBlock()) return super.lockAll(parts);
    clearing.incrementAndGet();
    try {
      return super.lockAll(parts);
    } finally {
      clearing.decrementAndGet();
    }
  }

  @Override
  boolean holdsAll() {
    return holds.get().all;
  }

  private long plainWrite(int part) {
    long s = locks[part].writeLock();
    if (touched[part]) {
      try {
        BLOCKS.settle(heap);
      } catch (RuntimeException | Error e) {
        locks[part].unlockWrite(s);
        throw e;
      }
      touched[part] = false;
    }
    return s;
  }

  /** A lock of {@code part}, waiting by the rule of the class comment. */
  private long acquire(int part, boolean write, Ticket me) {
    StampedLock l = locks[part];
    long s = write ? l.tryWriteLock() : l.tryReadLock();
    if (s != 0) return s;
    if (me.held == 0) return write ? l.writeLock() : l.readLock();
    long start = System.nanoTime();
    me.waiting = true;
    try {
      while (true) {
        s =
            write
                ? l.tryWriteLock(1, TimeUnit.MILLISECONDS)
                : l.tryReadLock(1, TimeUnit.MILLISECONDS);
        if (s != 0) return s;
        if (mustGiveUp(owners.get(part), me, start)) {
          throw conflict(part, owners.get(part), me, null);
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw conflict(part, owners.get(part), me, e);
    } finally {
      me.waiting = false;
    }
  }

  /**
   * The rule of the class comment for a block ({@code me}) that holds parts and waits for one held
   * by {@code o} (null: threads outside blocks) since {@code start}.
   */
  private boolean mustGiveUp(Hold o, Ticket me, long start) {
    if (o == null) {
      // plain threads hold one part and wait for nothing meanwhile, except a clear (all parts)
      return clearing.get() > 0 && System.nanoTime() - start > WAIT_NANOS;
    }
    if (o.ticket.age > me.age) return false; // a younger block: it gives way to us if it waits
    return o.ticket.waiting; // an older block that waits may wait for us
  }

  private LockConflictException conflict(int part, Hold o, Ticket me, Throwable cause) {
    return new LockConflictException(
        "a failure-atomic block holding "
            + me.held
            + " map part(s) gave up waiting for part "
            + part
            + " of the map at 0x"
            + Long.toHexString(header - heap.base())
            + ", held by "
            + (o == null
                ? "threads outside blocks, a clear among them, for over " + WAIT_MILLIS + " ms"
                : "an older block that waits too")
            + ": given up so that no two blocks wait for each other; let it roll back and run it"
            + " again. file="
            + heap.file(),
        cause);
  }

  /** A thread's age as a block holding parts (of any map), for the deadlock rule. */
  private static final class Ticket {
    volatile long age;

    /** Waiting for a part while holding some: a younger block waiting for this one gives up. */
    volatile boolean waiting;

    int held;

    void taken() {
      if (held++ == 0) age = AGES.incrementAndGet();
    }
  }

  /** The parts one thread's block holds in this map, and how to undo its volatile changes. */
  private final class Hold implements BlockSupport.RollbackParticipant {
    final Ticket ticket = TICKET.get();
    final List<Runnable> undo = new ArrayList<>();
    int[] parts = new int[4];
    long[] stamps = new long[4];
    int n;
    long delta;
    boolean all;
    boolean joined;

    void add(int part, long stamp) {
      if (n == parts.length) {
        parts = Arrays.copyOf(parts, 2 * n);
        stamps = Arrays.copyOf(stamps, 2 * n);
      }
      parts[n] = part;
      stamps[n++] = stamp;
      ticket.taken();
    }

    /** The parts are still held: every other user of them waits. */
    @Override
    public void beforeRollback() {}

    /** Media restored, the block's objects freed: undo the volatile changes, then release. */
    @Override
    public void afterRollback() {
      try {
        if (!host.live()) return; // created in the block: freed with it
        if (all) host.reloadAll();
        else for (int i = undo.size() - 1; i >= 0; i--) undo.get(i).run();
      } finally {
        release();
      }
    }

    @Override
    public void afterCommit() {
      try {
        if (delta != 0) host.addCount(delta);
      } finally {
        release();
      }
    }

    private void release() {
      for (int i = n - 1; i >= 0; i--) {
        owners.set(parts[i], null);
        locks[parts[i]].unlockWrite(stamps[i]);
      }
      ticket.held -= n;
      n = 0;
      undo.clear();
      delta = 0;
      all = false;
      joined = false;
    }
  }
}
