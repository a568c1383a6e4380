package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** The proxy of a log segment ({@link LogSegmentLayout}). */
final class LogSegment extends PObject {
  static final PersistentClass<LogSegment> TYPE =
      PersistentClass.builder(LogSegment.class.getName(), (h, a) -> new LogSegment(h, a, null))
          .refs(LogSegmentLayout.NEXT_OFFSET)
          .layout("next:ref@0 magic:long@8 capacity:long@16 entries:undo-entry128[]@56")
          .build();

  /** A new zeroed segment of {@code capacity} entries, magic and capacity set; not yet durable. */
  LogSegment(Heap heap, int capacity) {
    super(heap, TYPE, LogSegmentLayout.payloadSize(capacity));
    setLong(LogSegmentLayout.MAGIC_OFFSET, LogSegmentLayout.MAGIC);
    setLong(LogSegmentLayout.CAPACITY_OFFSET, capacity);
  }

  private LogSegment(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  int capacity() {
    return (int) getLong(LogSegmentLayout.CAPACITY_OFFSET);
  }

  LogSegment next() {
    return getRef(LogSegmentLayout.NEXT_OFFSET);
  }

  /** Links the next segment; the caller writes the line back. */
  void next(LogSegment s) {
    setRef(LogSegmentLayout.NEXT_OFFSET, s);
  }

  /** Address of entry {@code i}. */
  long entry(int i) {
    return LogSegmentLayout.entry(address(), i);
  }
}
