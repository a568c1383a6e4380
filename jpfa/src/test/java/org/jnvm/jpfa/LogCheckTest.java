package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.HeapRepair;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.ObjectLayout;
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

  /**
   * The file as a SIGKILL inside a block leaves it: a copy taken while the block runs (the mapping
   * is shared, so the copy holds the block's stores and its ACTIVE log). {@code inBlock} runs
   * inside the block, after its first logged store to the account, before the copy.
   */
  private static HeapCheck.Result checkMidBlock(String name, Damage inBlock) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path(name);
      Path image = t.path(name + "-image");
      try (Heap h = Heap.create(p, 1 << 20)) {
        Account a = new Account(h, 1);
        a.persist();
        h.roots().put("a", a);
        FA.run(
            h,
            () -> {
              a.balance(2); // logs the account's line: every store to it below is undone
              inBlock.apply(h, a.offset());
              Files.copy(p, image);
              Pmem.putLong(h.base() + a.offset() + ObjectLayout.HEADER + Account.LINK, 0);
            });
      }
      HeapCheck.Result r = HeapCheck.check(image);
      try (Heap h = Heap.open(image)) {
        assertEquals(1, h.roots().<Account>get("a").balance(), "the open rolls the block back");
      }
      return r;
    }
  }

  @Test
  void aHeapKilledMidBlockIsCheckedAsItsNextOpenSeesIt() throws Exception {
    HeapCheck.Result r = checkMidBlock("midblock", (h, a) -> {});
    assertTrue(r.ok(), r::toString);
    assertTrue(
        r.toString().contains("checked as its next read-write open will see it"), r::toString);
    assertTrue(r.toString().contains("rolled back 1 (1 line(s))"), r::toString);
    assertTrue(r.toString().contains("ACTIVE: its block is rolled back"), r::toString);
  }

  /**
   * A reference that the block set to an address outside any object (a half-made change): the media
   * as they are do not open read-only, the heap after its rollback is fine.
   */
  @Test
  void aReferenceThatTheRollbackUndoesIsNoProblem() throws Exception {
    HeapCheck.Result r =
        checkMidBlock(
            "midblock-ref",
            (h, a) -> Pmem.putLong(h.base() + a + ObjectLayout.HEADER + Account.LINK, 0x12345640L));
    assertTrue(r.ok(), r::toString);
    assertTrue(r.toString().contains("rolled back 1 (1 line(s))"), r::toString);
  }

  /**
   * Each log damage above, repaired: check 0 after, the committed value kept (a damaged state word
   * aside: the open rolls such a log back, see docs/crash-testing.md), the loss listed, and a new
   * block runs on the repaired heap.
   */
  @Test
  void everyLogDamageIsRepairedToAHeapThatPassesCheck() throws Exception {
    Damage[] damages = {
      (h, header) -> Pmem.putLong(LogHeaderLayout.payload(header), 42),
      (h, header) -> {
        long seg = h.base() + LogHeaderLayout.segments(header);
        Pmem.putLong(LogSegmentLayout.payload(seg) + LogSegmentLayout.MAGIC_OFFSET, 7);
      },
      (h, header) -> CommitRecordLayout.stateWord(LogHeaderLayout.commitRecord(header), 3)
    };
    for (int i = 0; i < damages.length; i++) {
      try (TestHeaps t = new TestHeaps()) {
        Path p = t.path("log-repair-" + i);
        try (Heap h = Heap.create(p, 1 << 20)) {
          Node n = new Node(h, 1);
          n.persist();
          h.roots().put("n", n);
          FA.run(h, () -> n.value(2));
          damages[i].apply(h, h.base() + h.roots().offsetOf(LogHeaderLayout.ROOT));
        }
        assertTrue(!HeapCheck.check(p).ok(), "damage " + i + " is seen");
        HeapRepair.Result r = HeapRepair.repair(p);
        t.track(r.backup());
        assertTrue(r.after().ok(), "damage " + i + ": " + r.after() + " " + r.cut() + r.lost());
        if (i < 2) {
          assertTrue(r.lost().toString().contains("log chain dropped"), r.lost()::toString);
        } else {
          assertTrue(
              r.cut().toString().contains("opened read-write, replayed: jpfa: kept 0"),
              r.cut()::toString);
        }
        try (Heap h = Heap.open(p)) {
          Node n = h.roots().get("n");
          if (i < 2) assertEquals(2, n.value(), "damage " + i + ": the committed block kept");
          Account a = new Account(h, 5);
          a.persist();
          h.roots().put("a", a);
          FA.run(h, () -> a.balance(6));
          assertEquals(6, h.roots().<Account>get("a").balance());
        }
        assertTrue(HeapCheck.check(p).ok(), "damage " + i + ": clean after new blocks");
      }
    }
  }
}
