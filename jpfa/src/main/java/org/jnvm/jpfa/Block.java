package org.jnvm.jpfa;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.jnvm.core.heap.BlockSupport;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.pmem.Pmem;

/**
 * One thread's failure-atomic block: its nesting depth, heap and log, and what it did so far (lines
 * logged, objects allocated, frees deferred to commit). Lives in a thread-local and is reused from
 * block to block; only its thread touches it.
 *
 * <p>States: idle (depth 0); open (depth &gt; 0, collecting); doomed (depth &gt; 0, an exception
 * escaped a nested block and everything was rolled back: see {@link BlockAbortedException}).
 */
final class Block {
  private static final ThreadLocal<Block> CURRENT = ThreadLocal.withInitial(Block::new);

  /**
   * Set once, when the first block of this JVM opens: until then, libraries asking whether their
   * thread is in a block ({@link JpfaBlockSupport}) pay one volatile read, not a thread-local.
   */
  private static volatile boolean used;

  private int depth;
  private Heap heap;
  private HeapLogs logs;
  private ThreadLog log;

  /** The log of this thread's last block, of the logs {@link #lastIn}: tried first next time. */
  private ThreadLog last;

  private HeapLogs lastIn;

  private boolean collecting;
  private boolean finishing;
  private boolean internal;
  private Throwable abortedBy;

  /** Lines that need no undo entry: logged already, or inside a fresh object. */
  final LongSet seen = new LongSet();

  final FreshObjects fresh = new FreshObjects();
  final LongSet freed = new LongSet();
  final List<PObject> frees = new ArrayList<>();

  /** What the block changed that keeps volatile state (J-PDT containers), in joining order. */
  private final Set<BlockSupport.RollbackParticipant> participants =
      Collections.newSetFromMap(new IdentityHashMap<>());

  private final List<BlockSupport.RollbackParticipant> joined = new ArrayList<>();

  final Pending helped = new Pending();

  static Block current() {
    return CURRENT.get();
  }

  static boolean everUsed() {
    return used;
  }

  // ---- nesting --------------------------------------------------------------------------------

  void enter(Heap h) {
    if (abortedBy != null) throw new BlockAbortedException("nested block refused", abortedBy);
    if (depth > 0) {
      if (h != heap) {
        throw new IllegalStateException(
            "a failure-atomic block spans one heap: outer=" + heap.file() + " nested=" + h.file());
      }
      depth++;
      return;
    }
    if (h.readOnly() || h.isClosed()) {
      throw new IllegalStateException(
          "failure-atomic block on a heap that is "
              + (h.isClosed() ? "closed" : "read-only")
              + ": file="
              + h.file());
    }
    h.requireUsable();
    if (!used) used = true;
    HeapLogs of = HeapLogs.of(h);
    log = of.take(of == lastIn ? last : null); // refused if a block's end failed on h
    logs = of;
    last = log;
    lastIn = logs;
    log.begin();
    heap = h;
    depth = 1;
    collecting = true;
  }

  /** Normal end of a block; the outermost one commits. */
  void exit() {
    requireDepth("end");
    depth--;
    if (abortedBy != null) {
      Throwable cause = abortedBy;
      if (depth == 0) end();
      throw new BlockAbortedException("block end refused", cause);
    }
    if (depth > 0) return;
    collecting = false;
    if (logs.refusing()) refuseCommit();
    finishing = true;
    try {
      Commit.run(this);
      logs.give(log); // not if the commit failed: the log waits for recovery, taken for good
    } catch (RuntimeException | Error e) {
      logs.failed(e);
      throw e;
    } finally {
      committed();
      clear();
      end();
    }
  }

  /**
   * Tells the participants the block is durable (a commit throws only from its frees, after that),
   * so they let other threads in again; every one is told, the first failure is thrown.
   */
  private void committed() {
    RuntimeException failed = null;
    for (BlockSupport.RollbackParticipant p : joined) {
      try {
        p.afterCommit();
      } catch (RuntimeException e) {
        if (failed == null) failed = e;
        else failed.addSuppressed(e);
      }
    }
    if (failed != null) throw failed;
  }

  /**
   * The end of a block that ran while another block's end failed on its heap: rolled back, since
   * recovery at the next open may roll the failed block back over its lines (see {@link HeapLogs}).
   */
  private void refuseCommit() {
    IllegalStateException e = logs.refused("commit refused, the block is rolled back");
    try {
      rollBack(e);
    } finally {
      end();
    }
    throw e;
  }

  /** Exceptional end of a block: the first one rolls the whole (outermost) block back. */
  void abort(Throwable t) {
    requireDepth("abort");
    try {
      if (abortedBy == null) rollBack(t);
    } finally {
      if (--depth == 0) end();
    }
  }

  private void rollBack(Throwable t) {
    abortedBy = t;
    collecting = false;
    finishing = true;
    try {
      rollBackGuarded();
      logs.give(log); // not if the rollback failed: as for a failed commit
    } catch (RuntimeException | Error e) {
      logs.failed(e);
      e.addSuppressed(t);
      throw e;
    } finally {
      clear();
    }
  }

  /**
   * The rollback, bracketed by the participants' guards: none of their other users runs between the
   * first restored line and the rebuilt indexes, so no reader follows an index to an object the
   * rollback freed. A participant that failed to close its guard is not told again; the others
   * still are, and the first failure is thrown.
   */
  private void rollBackGuarded() {
    List<BlockSupport.RollbackParticipant> guarded = new ArrayList<>(joined.size());
    Throwable failed = null;
    try {
      for (BlockSupport.RollbackParticipant p : joined) {
        p.beforeRollback();
        guarded.add(p);
      }
      Rollback.run(this);
    } finally {
      for (int i = guarded.size() - 1; i >= 0; i--) {
        try {
          guarded.get(i).afterRollback();
        } catch (RuntimeException | Error e) {
          if (failed == null) failed = e;
          else failed.addSuppressed(e);
        }
      }
    }
    if (failed instanceof Error) throw (Error) failed;
    if (failed != null) throw (RuntimeException) failed;
  }

  boolean inBlock() {
    return depth > 0;
  }

  private void requireDepth(String what) {
    if (depth == 0) {
      throw new IllegalStateException(what + " of a failure-atomic block without a matching enter");
    }
  }

  /** Forgets what the block did; its heap stays known while it is doomed. */
  private void clear() {
    seen.clear();
    fresh.clear();
    freed.clear();
    frees.clear();
    if (!joined.isEmpty()) { // an IdentityHashMap's clear fills its table, even empty
      participants.clear();
      joined.clear();
    }
    finishing = false;
    log = null;
    logs = null;
  }

  /** Back to idle: the outermost block ended. */
  private void end() {
    heap = null;
    abortedBy = null;
  }

  /**
   * Registers, once, something of heap {@code h} whose volatile state the rollback of this block
   * must guard and rebuild (J-PDT containers' indexes); dropped if the block commits. Something of
   * another heap is refused here, before its change allocates there: nothing of that heap would be
   * logged or freed by this block.
   */
  boolean join(Heap h, BlockSupport.RollbackParticipant p) {
    if (depth == 0) return false;
    if (h != heap) {
      throw new IllegalArgumentException(
          "a failure-atomic block changes one heap: block's heap="
              + heap.file()
              + " changed object's heap="
              + h.file());
    }
    if (abortedBy != null) return false;
    if (participants.add(p)) joined.add(p);
    return true;
  }

  /**
   * Runs {@code r} as no part of the block (see {@link BlockSupport#outside}): its allocations are
   * not fresh, its frees are not deferred; the caller announces no store in it.
   */
  void outside(Runnable r) {
    boolean was = internal;
    internal = true;
    try {
      r.run();
    } finally {
      internal = was;
    }
  }

  // ---- what the block does --------------------------------------------------------------------

  /** Logs the lines of a store of {@code bytes} at {@code address} not logged yet (Hooks). */
  void beforeStore(long address, long bytes) {
    if (depth == 0 || internal) return; // internal: the log's own stores, or outside()
    if (abortedBy != null) throw new BlockAbortedException("persistent store refused", abortedBy);
    Undo.beforeStore(this, address, bytes);
  }

  /**
   * Logs before a store to a field of {@code o}: the lines of the store, or, when the store reaches
   * a second line of a small object ({@link Hooks#WHOLE_OBJECT_BYTES}) that the block already
   * logged a line of, every line of the object not logged yet, behind one fence.
   */
  void beforeStore(PObject o, long fieldOffset, long bytes) {
    if (depth == 0) return;
    if (abortedBy != null) throw new BlockAbortedException("persistent store refused", abortedBy);
    long whole = ObjectLayout.HEADER + (long) o.payloadSize();
    if (fieldOffset < 0 || bytes < 0 || fieldOffset + bytes > whole - ObjectLayout.HEADER) {
      throw new IndexOutOfBoundsException(
          "store outside the object: offset=" + fieldOffset + " bytes=" + bytes + " object=" + o);
    }
    long address = o.address() + ObjectLayout.HEADER + fieldOffset;
    boolean small = whole > Pmem.LINE && whole <= Hooks.WHOLE_OBJECT_BYTES;
    if (small && touchesAnother(o, address, bytes)) {
      Undo.beforeStore(this, o.address(), whole);
    } else {
      Undo.beforeStore(this, address, bytes);
    }
  }

  /**
   * True if the store's first line is not logged yet but another line of {@code o} is: the block
   * updates several lines of the object.
   */
  private boolean touchesAnother(PObject o, long address, long bytes) {
    long base = heap.base();
    long first = address & -Pmem.LINE;
    if (bytes <= 0 || seen.contains(first - base)) return false;
    long end = o.address() + ObjectLayout.HEADER + o.payloadSize();
    for (long line = o.address(); line < end; line += Pmem.LINE) {
      if (line != first && seen.contains(line - base)) return true;
    }
    return false;
  }

  /** The allocation hook: objects this thread allocates on the block's heap belong to it. */
  void allocated(Heap h, long address) {
    if (h != heap || internal || finishing) return;
    if (abortedBy != null) throw new BlockAbortedException("allocation refused", abortedBy);
    if (collecting) fresh.add(address);
  }

  /**
   * The free hook: frees on the block's heap happen at commit. The object is checked now (live, not
   * freed twice in this block), so that a bad free aborts the block instead of failing after its
   * commit.
   */
  boolean deferFree(Heap h, PObject o) {
    if (h != heap || finishing || internal) return false;
    if (abortedBy != null) throw new BlockAbortedException("free refused", abortedBy);
    if (!collecting) return false;
    h.object(o.offset());
    if (!freed.add(o.address())) {
      throw new IllegalStateException(
          "object freed twice in one failure-atomic block: " + o + " file=" + h.file());
    }
    frees.add(o);
    return true;
  }

  /**
   * Appends an entry for the line at file offset {@code target} to the log; the log's own
   * allocations are not the block's.
   */
  long appendEntry(long target) {
    internal = true;
    try {
      return log.append(target);
    } finally {
      internal = false;
    }
  }

  Heap heap() {
    return heap;
  }

  /** True if {@code address} lies in an object this block allocated on {@code h}. */
  boolean isFresh(Heap h, long address) {
    return depth > 0 && h == heap && fresh.contains(address);
  }

  HeapLogs logs() {
    return logs;
  }

  ThreadLog log() {
    return log;
  }
}
