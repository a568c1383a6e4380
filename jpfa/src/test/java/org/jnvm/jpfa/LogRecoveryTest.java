package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;

/**
 * Log replay on states a crash leaves (forged from real blocks) and on corrupted logs: a log that
 * cannot be right is refused with a clear exception, never followed.
 */
class LogRecoveryTest {

  /** Creates a heap, runs a three-line block, applies {@code damage} to its log, closes it. */
  private static Path heapWith(TestHeaps t, Consumer<ThreadLog> damage) {
    Path p = t.path("recovery");
    try (Heap h = Heap.create(p, 1 << 20)) {
      Bank b = Bank.create(h, 3);
      FA.run(
          h,
          () -> {
            b.get(0).balance(1);
            b.get(1).balance(2);
            b.get(2).tag(3);
          });
      damage.accept(HeapLogs.of(h).all()[0]);
    }
    return p;
  }

  @Test
  void committedRecordWhoseLinesAreOnMediaIsKeptAndReported() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = heapWith(t, log -> Forge.committed(log.header().heap(), log));
      try (Heap h = Heap.open(p)) {
        assertEquals("1/0/0/- 2/0/0/- 300/0/3/-", Bank.open(h).describe());
        assertEquals(
            "jpfa: kept 1 committed block(s), rolled back 0 (0 line(s))",
            h.recoveryReport().participants());
      }
      try (Heap h = Heap.open(p)) {
        assertEquals("", h.recoveryReport().participants(), "the log was marked idle");
      }
    }
  }

  @Test
  void recordThatDoesNotCheckRollsBack() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          heapWith(t, log -> Forge.committed(log.header().heap(), log, 1)); // line 1 missed media
      try (Heap h = Heap.open(p)) {
        assertEquals("100/0/0/- 200/0/0/- 300/0/0/-", Bank.open(h).describe());
        assertEquals(
            "jpfa: kept 0 committed block(s), rolled back 1 (3 line(s))",
            h.recoveryReport().participants());
      }
    }
  }

  @Test
  void rollBackStopsAtTheFirstIncompleteEntry() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          heapWith(
              t,
              log -> {
                Forge.active(log.header().heap(), log, 1); // entry 1's store never happened
                long undo = LogEntryLayout.oldLine(log.entry(1));
                Pmem.putLong(undo + 8, 999); // and the entry itself is torn
              });
      try (Heap h = Heap.open(p)) {
        // entry 0 rolled back; entry 2, after the torn one, cannot belong to the block: ignored
        assertEquals("100/0/0/- 200/0/0/- 300/0/3/-", Bank.open(h).describe());
        assertTrue(h.recoveryReport().participants().contains("1 line(s)"));
      }
    }
  }

  @Test
  void badMagicIsRefusedWithTheOffsetAndFile() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          heapWith(t, log -> Pmem.putLong(log.header().address() + ObjectLayout.HEADER, 0x0BADL));
      HeapCorruptException e = assertThrows(HeapCorruptException.class, () -> Heap.open(p));
      assertTrue(e.getMessage().contains("bad log magic"), e.getMessage());
      assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
    }
  }

  @Test
  void segmentReferenceOutsideTheHeapIsRefused() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p =
          heapWith(
              t,
              log -> {
                Forge.active(log.header().heap(), log);
                long seg = log.header().address() + ObjectLayout.HEADER;
                Pmem.putLong(seg + LogHeaderLayout.SEGMENTS_OFFSET, 1L << 40);
              });
      HeapCorruptException e = assertThrows(HeapCorruptException.class, () -> Heap.open(p));
      assertTrue(e.getMessage().contains("jpfa log: log segment outside"), e.getMessage());
    }
  }
}
