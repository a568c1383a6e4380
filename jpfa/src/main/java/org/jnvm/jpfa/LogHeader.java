package org.jnvm.jpfa;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.PersistentClass;

/** The proxy of a log header ({@link LogHeaderLayout}); jpfa's own, never handed to users. */
final class LogHeader extends PObject {
  static final PersistentClass<LogHeader> TYPE =
      PersistentClass.builder(LogHeader.class.getName(), (h, a) -> new LogHeader(h, a, null))
          .fixedSize(LogHeaderLayout.PAYLOAD)
          .refs(LogHeaderLayout.SEGMENTS_OFFSET, LogHeaderLayout.NEXT_OFFSET)
          .layout(
              "magic:long@0 state:long@8 count:long@16 check:long@24 segments:ref@32 next:ref@40")
          .build();

  /** A new header, magic set, idle at epoch 0; not yet durable. */
  LogHeader(Heap heap) {
    super(heap, TYPE);
    setLong(LogHeaderLayout.MAGIC_OFFSET, LogHeaderLayout.MAGIC);
  }

  private LogHeader(Heap heap, long address, Resurrect r) {
    super(heap, address, r);
  }

  long commitRecord() {
    return LogHeaderLayout.commitRecord(address());
  }

  LogSegment segments() {
    return getRef(LogHeaderLayout.SEGMENTS_OFFSET);
  }

  /** Stores the first segment; the caller writes the header back. */
  void segments(LogSegment s) {
    setRef(LogHeaderLayout.SEGMENTS_OFFSET, s);
  }

  LogHeader next() {
    return getRef(LogHeaderLayout.NEXT_OFFSET);
  }

  /** Stores the next log; the caller writes the header back. */
  void next(LogHeader h) {
    setRef(LogHeaderLayout.NEXT_OFFSET, h);
  }
}
