package org.jnvm.jpdt.collection;

import java.util.ConcurrentModificationException;
import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;

/**
 * The one-writer rule of the containers that are not thread-safe ({@link PHashMap}, {@link
 * PArrayList}), checked where a breach would corrupt media: a failure-atomic block that changes the
 * container owns it until the block ends, and a change by another thread meanwhile (in a block or
 * not) throws {@link ConcurrentModificationException} before it writes anything. Without it, the
 * block's undo log (whole cache lines) would write the old lines back over the other thread's
 * stores when it rolls back, or after a crash.
 *
 * <p>Cost outside blocks: one volatile read per change. Two plain threads at once are not detected
 * (as for {@code HashMap}); a plain change already running when a block takes the container is not
 * either: the check is at the start of each change.
 *
 * <p>It is also the container's rollback participant: after a rollback it rebuilds the container's
 * volatile state ({@link Host#reloadAll}) before it lets other threads in; and the first change
 * outside blocks after a committed block settles the heap (one fence), as jpfa's rule for objects
 * written by blocks asks.
 */
final class SingleWriter extends Guard implements BlockSupport.RollbackParticipant {
  private static final BlockSupport BLOCKS = BlockSupport.installed();

  private final Heap heap;
  private final Host host;
  private final String kind;
  private final long header;

  /** The thread whose block changed the container, until that block ends. */
  private final AtomicReference<Thread> block = new AtomicReference<>();

  /** A block committed a change: settle before the next change outside blocks. */
  private boolean settle;

  SingleWriter(Heap heap, long header, String kind, Host host) {
    this.heap = heap;
    this.header = header;
    this.kind = kind;
    this.host = host;
  }

  /**
   * Before a change (before it writes or allocates anything): the rule checked, the block joined.
   *
   * @throws ConcurrentModificationException if another thread's block owns the container, or (in a
   *     block) another thread's block does
   */
  void enter() {
    Thread me = Thread.currentThread();
    Thread owner = block.get();
    if (owner == me) return;
    if (owner != null) throw misuse(owner, me);
    if (!BLOCKS.inBlock()) {
      if (settle) {
        BLOCKS.settle(heap);
        settle = false;
      }
      return;
    }
    if (!block.compareAndSet(null, me)) throw misuse(block.get(), me);
    boolean joined = false;
    try {
      joined = BLOCKS.join(heap, this);
    } finally {
      if (!joined) block.set(null); // doomed block (its stores are refused), or another heap's
    }
  }

  private ConcurrentModificationException misuse(Thread owner, Thread me) {
    return new ConcurrentModificationException(
        kind
            + " at 0x"
            + Long.toHexString(header - heap.base())
            + " is not thread-safe: a failure-atomic block on thread '"
            + (owner == null ? "?" : owner.getName())
            + "' changes it until it ends, and thread '"
            + me.getName()
            + "' changed it meanwhile (refused, nothing written). Keep other threads out with a"
            + " lock of your own held around the block, or use a concurrent container. file="
            + heap.file());
  }

  @Override
  long readLock(int part) {
    return 1;
  }

  @Override
  void unlockRead(int part, long stamp) {}

  @Override
  long writeLock(int part) {
    enter();
    return 1;
  }

  @Override
  void unlockWrite(int part, long stamp) {}

  @Override
  public void beforeRollback() {}

  @Override
  public void afterRollback() {
    try {
      if (host.live()) host.reloadAll();
    } finally {
      block.set(null);
    }
  }

  @Override
  public void afterCommit() {
    settle = true;
    block.set(null); // publishes settle to the next thread that reads block
  }
}
