package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;

/** Layout arithmetic of the log structures: contiguous fields, alignment, lines, slot sizes. */
class LayoutTest {

  private static void contiguous(int[] offsets, int[] sizes, int end) {
    for (int i = 1; i < offsets.length; i++) {
      assertEquals(offsets[i - 1] + sizes[i - 1], offsets[i], "field " + i + " follows " + (i - 1));
      assertEquals(0, offsets[i] % 8, "field " + i + " 8-aligned");
    }
    assertEquals(end, offsets[offsets.length - 1] + sizes[sizes.length - 1], "ends at " + end);
  }

  @Test
  void commitRecordIsThreeWords() {
    contiguous(
        new int[] {
          CommitRecordLayout.STATE_OFFSET,
          CommitRecordLayout.COUNT_OFFSET,
          CommitRecordLayout.CHECK_OFFSET
        },
        new int[] {8, 8, 8},
        CommitRecordLayout.SIZE);
    long w = CommitRecordLayout.word(CommitRecordLayout.MAX_EPOCH, CommitRecordLayout.COMMITTED);
    assertEquals(CommitRecordLayout.MAX_EPOCH, CommitRecordLayout.epoch(w));
    assertEquals(CommitRecordLayout.COMMITTED, CommitRecordLayout.state(w));
    assertEquals(CommitRecordLayout.IDLE, CommitRecordLayout.state(0), "a zeroed header is idle");
  }

  @Test
  void headerFillsOneLineWithItsRecordInIt() {
    contiguous(
        new int[] {
          LogHeaderLayout.MAGIC_OFFSET,
          LogHeaderLayout.COMMIT_OFFSET,
          LogHeaderLayout.SEGMENTS_OFFSET,
          LogHeaderLayout.NEXT_OFFSET,
          LogHeaderLayout.RESERVED_OFFSET
        },
        new int[] {8, CommitRecordLayout.SIZE, 8, 8, 8},
        LogHeaderLayout.PAYLOAD);
    assertEquals(Pmem.LINE, ObjectLayout.HEADER + LogHeaderLayout.PAYLOAD);
    assertEquals("JPFA_LOG", ascii(LogHeaderLayout.MAGIC));
  }

  @Test
  void entriesAreTwoLinesAndStartOnALine() {
    contiguous(
        new int[] {
          LogEntryLayout.TARGET_OFFSET,
          LogEntryLayout.EPOCH_OFFSET,
          LogEntryLayout.CHECK_OFFSET,
          LogEntryLayout.RESERVED_OFFSET,
          LogEntryLayout.OLD_OFFSET
        },
        new int[] {8, 8, 8, Pmem.LINE - 24, Pmem.LINE},
        LogEntryLayout.SIZE);
    assertEquals(2 * Pmem.LINE, LogEntryLayout.SIZE);
    assertEquals(0, (ObjectLayout.HEADER + LogSegmentLayout.ENTRIES_OFFSET) % Pmem.LINE);
  }

  @Test
  void segmentsFillTheirSlots() {
    contiguous(
        new int[] {
          LogSegmentLayout.NEXT_OFFSET,
          LogSegmentLayout.MAGIC_OFFSET,
          LogSegmentLayout.CAPACITY_OFFSET,
          LogSegmentLayout.RESERVED_OFFSET
        },
        new int[] {8, 8, 8, LogSegmentLayout.ENTRIES_OFFSET - LogSegmentLayout.RESERVED_OFFSET},
        LogSegmentLayout.ENTRIES_OFFSET);
    int[] totals = {4 << 10, 16 << 10, 64 << 10, 64 << 10};
    for (int k = 0; k < totals.length; k++) {
      long total = ObjectLayout.HEADER + LogSegmentLayout.payloadSize(LogSegmentLayout.capacity(k));
      assertTrue(total <= totals[k], "segment " + k + " fits its slot: " + total);
      assertTrue(totals[k] - total < LogEntryLayout.SIZE, "segment " + k + " wastes < 1 entry");
    }
    assertTrue(LogSegmentLayout.capacity(0) >= 16, "a first segment holds a typical block");
    assertEquals("JPFA_SEG", ascii(LogSegmentLayout.MAGIC));
  }

  private static String ascii(long magic) {
    return new String(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(magic).array());
  }
}
