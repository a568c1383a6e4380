package org.jnvm.jpfa;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.pmem.Pmem;

/**
 * The volatile side of one persistent log: its header, its segments, the current block's epoch and
 * entry count. One block uses it at a time ({@link HeapLogs} hands logs out, through {@link
 * #tryTake} and {@link #release}); {@link #pending} and the taken flag are the only fields other
 * threads touch.
 *
 * <p>Every state change is one 8-byte store of the commit record's state word, written back by the
 * method that makes it; the caller fences (see {@link Commit} for the order).
 */
final class ThreadLog {
  private static final VarHandle TAKEN;

  static {
    try {
      TAKEN = MethodHandles.lookup().findVarHandle(ThreadLog.class, "taken", int.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  private final Heap heap;
  private final LogHeader header;
  private final long record;
  private final List<LogSegment> segments = new ArrayList<>();
  private long epoch;
  private boolean active;
  private int count;
  private int segment;
  private int slot;

  /**
   * The current block's targets (file offsets), entry by entry: the commit reads them here, not
   * from the entries it has already written back (a write-back may evict the line, and reading it
   * again would then wait for memory).
   */
  private long[] targets = new long[16];

  /**
   * The epoch of a finished block whose IDLE word is stored but perhaps not yet durable, or 0.
   * While it is set, a crash may still find this log COMMITTED and roll it forward; see {@link
   * HeapLogs#writeBackPending}.
   */
  final AtomicLong pending = new AtomicLong();

  /** 1 while a block uses this log (or after its end failed: see {@link Block}), else 0. */
  @SuppressWarnings("unused") // through TAKEN
  private volatile int taken;

  private ThreadLog(Heap heap, LogHeader header) {
    this.heap = heap;
    this.header = header;
    this.record = header.commitRecord();
    this.epoch = CommitRecordLayout.epoch(CommitRecordLayout.stateWord(record));
    for (LogSegment s = header.segments(); s != null; s = s.next()) segments.add(s);
  }

  /** The log of an existing (recovered, hence idle) header. */
  static ThreadLog load(Heap heap, LogHeader header) {
    return new ThreadLog(heap, header);
  }

  /**
   * A new log with one segment, written back and fenced, not yet reachable: the caller publishes
   * {@link #header()}. A crash before that leaves two unreachable objects, reclaimed by recovery.
   */
  static ThreadLog create(Heap heap) {
    LogHeader h = new LogHeader(heap);
    LogSegment s = new LogSegment(heap, LogSegmentLayout.capacity(0));
    h.segments(s);
    Pmem.pwb(s.address()); // header, next, magic and capacity: entries are validated by check
    h.pwbObject();
    Pmem.pfence();
    return new ThreadLog(heap, h);
  }

  /**
   * Takes this log for one block if no block has it: a compare-and-swap on this object's flag,
   * which only the thread that used the log last normally touches (see {@link HeapLogs#take}).
   */
  boolean tryTake() {
    return (int) TAKEN.getOpaque(this) == 0 && TAKEN.compareAndSet(this, 0, 1);
  }

  /**
   * Hands the log back after its block ended: a release store, no locked instruction (on x86 one
   * right after the commit fence would also wait for the write-backs before it); the next taker's
   * compare-and-swap sees everything the block did.
   */
  void release() {
    TAKEN.setRelease(this, 0);
  }

  LogHeader header() {
    return header;
  }

  /** The log's identity in checks: its header's file offset. */
  long offset() {
    return header.offset();
  }

  /** Address of the commit record (and state word). */
  long record() {
    return record;
  }

  long epoch() {
    return epoch;
  }

  int count() {
    return count;
  }

  /** True once the current block has stored ACTIVE. */
  boolean active() {
    return active;
  }

  /** Starts a block: a new epoch, no entries. Nothing is stored until the first entry. */
  void begin() {
    if (epoch == CommitRecordLayout.MAX_EPOCH) {
      throw new IllegalStateException("log epoch exhausted: log=0x" + Long.toHexString(offset()));
    }
    epoch++;
    active = false;
    count = 0;
    segment = 0;
    slot = 0;
  }

  /**
   * The next free entry, for the line at file offset {@code target}, growing the log by one segment
   * when the last one is full. The caller stores the target in the entry.
   */
  long append(long target) {
    if (slot == segments.get(segment).capacity()) {
      if (segment + 1 == segments.size()) grow();
      segment++;
      slot = 0;
    }
    long e = segments.get(segment).entry(slot++);
    if (count == targets.length) targets = Arrays.copyOf(targets, 2 * count);
    targets[count++] = target;
    return e;
  }

  /** The target (file offset) of entry {@code i} of the current block, as appended. */
  long target(int i) {
    if (i < 0 || i >= count) {
      throw new IndexOutOfBoundsException("log entry " + i + " of " + count + " in this block");
    }
    return targets[i];
  }

  /** Address of entry {@code i} of the current block. */
  long entry(int i) {
    for (LogSegment s : segments) {
      if (i < s.capacity()) return s.entry(i);
      i -= s.capacity();
    }
    throw new IndexOutOfBoundsException("log entry " + i + " beyond " + capacity());
  }

  int segmentCount() {
    return segments.size();
  }

  int capacity() {
    int c = 0;
    for (LogSegment s : segments) c += s.capacity();
    return c;
  }

  /** Stores ACTIVE for the current epoch and writes it back. */
  void markActive() {
    CommitRecordLayout.stateWord(record, CommitRecordLayout.word(epoch, CommitRecordLayout.ACTIVE));
    Pmem.pwb(record);
    active = true;
  }

  /** Stores the commit record (count, check, then COMMITTED) and writes it back. */
  void markCommitted(long check) {
    CommitRecordLayout.count(record, count);
    CommitRecordLayout.check(record, check);
    CommitRecordLayout.stateWord(
        record, CommitRecordLayout.word(epoch, CommitRecordLayout.COMMITTED));
    Pmem.pwb(record);
  }

  /** Stores IDLE for the current epoch and writes it back. */
  void markIdle() {
    markIdleLazily();
    Pmem.pwb(record);
  }

  /**
   * Stores IDLE for the current epoch without writing it back, and records the truncation as
   * pending: the next fence that covers this header (this log's next block, a helping block, or
   * {@link HeapLogs#settle}) writes it back first.
   */
  void markIdleLazily() {
    CommitRecordLayout.stateWord(record, CommitRecordLayout.word(epoch, CommitRecordLayout.IDLE));
    active = false;
  }

  /**
   * Chains a new segment after the last one. Its first line (header, magic, capacity) is written
   * back and fenced before the link is stored, since the link may reach media at any time after its
   * store (an eviction): a link on media always leads to a well-formed segment. The link itself is
   * written back; the fence that makes the next entry durable covers it. One fence per growth, and
   * logs grow geometrically and never shrink.
   */
  private void grow() {
    LogSegment last = segments.get(segments.size() - 1);
    LogSegment s = new LogSegment(heap, LogSegmentLayout.capacity(segments.size()));
    Pmem.pwb(s.address());
    Pmem.pfence();
    last.next(s);
    Pmem.pwb(last.address());
    segments.add(s);
  }

  @Override
  public String toString() {
    return "log@0x"
        + Long.toHexString(offset())
        + " "
        + CommitRecordLayout.describe(CommitRecordLayout.stateWord(record))
        + " entries="
        + count
        + " capacity="
        + capacity();
  }
}
