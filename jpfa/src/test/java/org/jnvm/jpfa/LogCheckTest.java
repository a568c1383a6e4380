package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;

/**
 * {@link LogChecker} through {@link HeapCheck}: a damaged log is reported by the read-only check
 * (which skips log replay), not only by the next read-write open.
 */
class LogCheckTest {
  private interface Damage {
    void apply(Heap heap, long header);
  }

  private static HeapCheck.Result damaged(String name, Damage d) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path(name);
      try (Heap h = Heap.create(p, 1 << 20)) {
        Node n = new Node(h, 1);
        n.persist();
        h.roots().put("n", n);
        FA.run(h, () -> n.value(2));
        assertTrue(HeapCheck.checkOpen(h).ok(), () -> HeapCheck.checkOpen(h).toString());
        d.apply(h, h.base() + h.roots().offsetOf(LogHeaderLayout.ROOT));
      }
      return HeapCheck.check(p);
    }
  }

  @Test
  void aBadLogMagicIsFound() throws Exception {
    HeapCheck.Result r =
        damaged("magic", (h, header) -> Pmem.putLong(LogHeaderLayout.payload(header), 42));
    assertTrue(
        r.toString().contains("jpfa logs: log chain: ") && r.toString().contains("bad log magic"),
        r::toString);
  }

  @Test
  void aBadSegmentMagicIsFound() throws Exception {
    HeapCheck.Result r =
        damaged(
            "segment",
            (h, header) -> {
              long seg = h.base() + LogHeaderLayout.segments(header);
              Pmem.putLong(LogSegmentLayout.payload(seg) + LogSegmentLayout.MAGIC_OFFSET, 7);
            });
    assertTrue(r.toString().contains("bad log segment magic"), r::toString);
  }

  @Test
  void anUnknownStateIsFound() throws Exception {
    HeapCheck.Result r =
        damaged(
            "state",
            (h, header) -> CommitRecordLayout.stateWord(LogHeaderLayout.commitRecord(header), 3));
    assertTrue(r.toString().contains("state 3 is none of"), r::toString);
  }
}
