package org.jnvm.jpfa;

import java.util.ArrayList;
import java.util.List;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;

/**
 * Recovery's read-only view of one log as found on media, before the allocator exists (so without
 * proxies). Every offset read from media is checked before it is followed, and a structure that
 * cannot be right raises {@link HeapCorruptException} naming it, never a JVM crash.
 */
final class MediaLog {
  private final Heap heap;
  final long header;
  final long offset;
  final long word;
  private final List<Long> segments = new ArrayList<>();
  private final List<Integer> capacities = new ArrayList<>();

  private MediaLog(Heap heap, long offset) {
    this.heap = heap;
    this.offset = offset;
    this.header = heap.base() + offset;
    this.word = CommitRecordLayout.stateWord(LogHeaderLayout.commitRecord(header));
  }

  /** Every log chained from the root, checked, in chain order (empty if there is no root). */
  static List<MediaLog> all(Heap heap) {
    List<MediaLog> logs = new ArrayList<>();
    long off = heap.roots().offsetOf(LogHeaderLayout.ROOT);
    for (long hops = 0; off != 0; hops++) {
      if (hops > heap.size() / Pmem.LINE) throw corrupt(heap, off, "cycle in the log chain");
      MediaLog l = new MediaLog(heap, checkHeader(heap, off));
      logs.add(l);
      off = LogHeaderLayout.next(l.header);
    }
    return logs;
  }

  int state() {
    return CommitRecordLayout.state(word);
  }

  long epoch() {
    return CommitRecordLayout.epoch(word);
  }

  /** Loads the segment chain; done only for logs recovery has to act on. */
  MediaLog loadSegments() {
    long off = LogHeaderLayout.segments(header);
    for (long hops = 0; off != 0; hops++) {
      if (hops > heap.size() / Pmem.LINE) throw corrupt(heap, off, "cycle in a log's segments");
      long seg = heap.base() + checkSegment(heap, off);
      segments.add(seg);
      capacities.add((int) LogSegmentLayout.capacity(seg));
      off = LogSegmentLayout.next(seg);
    }
    return this;
  }

  int capacity() {
    int c = 0;
    for (int k : capacities) c += k;
    return c;
  }

  long entry(int i) {
    for (int k = 0; k < segments.size(); k++) {
      if (i < capacities.get(k)) return LogSegmentLayout.entry(segments.get(k), i);
      i -= capacities.get(k);
    }
    throw new IndexOutOfBoundsException("log entry " + i + " beyond " + capacity());
  }

  /** Entries 0..n-1 of the current epoch that are complete (the undo entries to apply). */
  int validEntries() {
    int n = 0;
    for (int cap = capacity(); n < cap; n++) {
      long e = entry(n);
      if (!LogEntryLayout.validFor(offset, e, epoch()) || !targetOk(LogEntryLayout.target(e))) {
        break;
      }
    }
    return n;
  }

  /**
   * The entry count of a COMMITTED record that checks against the lines in place (its block's
   * stores are all on media), or -1 if it does not.
   */
  int committedEntries() {
    long record = LogHeaderLayout.commitRecord(header);
    long count = CommitRecordLayout.count(record);
    if (count < 1 || count > capacity()) return -1;
    long h = CommitRecordLayout.commitCheck(offset, epoch(), count);
    for (int i = 0; i < count; i++) {
      long t = LogEntryLayout.target(entry(i));
      if (!targetOk(t)) return -1;
      h = CommitRecordLayout.commitLine(h, t, heap.base() + t);
    }
    return h == CommitRecordLayout.check(record) ? (int) count : -1;
  }

  /**
   * True if this COMMITTED record counts more entries than the log holds valid for its epoch: the
   * log's next block has begun writing its own entries over them. That block began after this
   * block's commit fence, which made the record and every line of the block durable, and before its
   * own undo fence, which makes this log's IDLE word durable (lazy truncation, {@link HeapLogs}):
   * the block is whole on media though its record no longer checks, and must be kept. A block that
   * crashed inside its commit has every entry (all were fenced before its record was written).
   */
  boolean overwrittenAfterCommit() {
    long count = CommitRecordLayout.count(LogHeaderLayout.commitRecord(header));
    return count >= 1 && count <= capacity() && validEntries() < count;
  }

  /** Absolute address of a target line (checked by the caller through the entry's check). */
  long target(long entry) {
    return heap.base() + LogEntryLayout.target(entry);
  }

  private boolean targetOk(long t) {
    return t > 0 && (t & (Pmem.LINE - 1)) == 0 && t <= heap.size() - Pmem.LINE;
  }

  private static long checkHeader(Heap heap, long off) {
    checkObject(heap, off, Pmem.LINE, "log header");
    long a = heap.base() + off;
    if (LogHeaderLayout.magic(a) != LogHeaderLayout.MAGIC)
      throw corrupt(heap, off, "bad log magic");
    if (ObjectLayout.size(a) != LogHeaderLayout.PAYLOAD) {
      throw corrupt(heap, off, "log header of size " + ObjectLayout.size(a));
    }
    return off;
  }

  private static long checkSegment(Heap heap, long off) {
    checkObject(heap, off, Pmem.LINE, "log segment");
    long a = heap.base() + off;
    if (LogSegmentLayout.magic(a) != LogSegmentLayout.MAGIC) {
      throw corrupt(heap, off, "bad log segment magic");
    }
    long cap = LogSegmentLayout.capacity(a);
    if (cap < 1 || cap > heap.size() / LogEntryLayout.SIZE) {
      throw corrupt(heap, off, "log segment capacity " + cap);
    }
    checkObject(
        heap, off, ObjectLayout.HEADER + LogSegmentLayout.payloadSize((int) cap), "segment");
    if (ObjectLayout.size(a) != LogSegmentLayout.payloadSize((int) cap)) {
      throw corrupt(heap, off, "log segment size " + ObjectLayout.size(a) + " capacity " + cap);
    }
    return off;
  }

  private static void checkObject(Heap heap, long off, long bytes, String what) {
    if (off <= 0 || (off & (Pmem.LINE - 1)) != 0 || off > heap.size() - bytes) {
      throw corrupt(heap, off, what + " outside the heap or not line-aligned");
    }
  }

  private static HeapCorruptException corrupt(Heap heap, long off, String what) {
    return new HeapCorruptException(
        "jpfa log: " + what + " at 0x" + Long.toHexString(off) + " file=" + heap.file());
  }
}
