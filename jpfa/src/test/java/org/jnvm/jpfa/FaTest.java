package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Path;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.HeapOptions;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/** What a block does, seen from the program: commit, abort, nesting, allocation, free, misuse. */
class FaTest {

  @Test
  void committedBlockSurvivesReopenWithNothingToReplay() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("commit");
      try (Heap h = Heap.create(p, 1 << 20)) {
        Bank b = Bank.create(h, 3);
        FA.run(
            h,
            () -> {
              b.get(0).balance(b.get(0).balance() - 30);
              b.get(2).balance(b.get(2).balance() + 30);
              b.get(1).link(new Account(h, 77));
            });
        assertFalse(FA.inBlock());
      }
      try (Heap h = Heap.open(p)) {
        Bank b = Bank.open(h);
        assertEquals("70/0/0/- 200/0/0/77 330/0/0/-", b.describe());
        assertEquals("", h.recoveryReport().participants(), "a finished block leaves no work");
        assertTrue(h.verify().ok(), () -> h.verify().toString());
      }
    }
  }

  @Test
  void exceptionRestoresFreesAllocationsKeepsFreesAndIsRethrown() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("abort", 1 << 20);
      Bank b = Bank.create(h, 3);
      Account old = new Account(h, 5);
      old.persist();
      FA.run(h, () -> b.get(0).link(old));
      String before = b.describe();
      Account[] fresh = new Account[1];
      IllegalStateException boom = new IllegalStateException("boom");
      IllegalStateException thrown =
          assertThrows(
              IllegalStateException.class,
              () ->
                  FA.run(
                      h,
                      () -> {
                        b.get(0).balance(1);
                        b.get(1).balance(2);
                        b.get(1).tag(9);
                        fresh[0] = new Account(h, 42);
                        b.get(0).link(fresh[0]);
                        h.free(old);
                        throw boom;
                      }));
      assertSame(boom, thrown, "the block's own exception is rethrown");
      assertEquals(before, b.describe());
      assertEquals(5, h.<Account>object(old.offset()).balance(), "a free asked for is dropped");
      assertThrows(HeapCorruptException.class, () -> h.object(fresh[0].offset()), "fresh freed");
      assertFalse(FA.inBlock());
      HeapAudit.assertNothingLeaked(h);
    }
  }

  @Test
  void checkedExceptionsPassThroughAndValuesComeBack() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("checked", 1 << 20);
      Bank b = Bank.create(h, 1);
      IOException e =
          assertThrows(
              IOException.class,
              () ->
                  FA.run(
                      h,
                      () -> {
                        b.get(0).balance(0);
                        throw new IOException("disk on fire");
                      }));
      assertEquals("disk on fire", e.getMessage());
      assertEquals(100, b.get(0).balance());
      long v = FA.call(h, () -> b.get(0).balance() + 1);
      assertEquals(101, v);
    }
  }

  @Test
  void nestedBlocksCommitOnlyWithTheOutermost() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("nested", 1 << 20);
      Bank b = Bank.create(h, 3);
      String before = b.describe();
      assertThrows(
          ArithmeticException.class,
          () ->
              FA.run(
                  h,
                  () -> {
                    FA.run(h, () -> b.get(0).balance(1)); // inner "commit": still undoable
                    FA.run(h, () -> b.get(1).link(new Account(h, 3)));
                    assertTrue(FA.inBlock());
                    b.get(2).balance(Math.addExact(Long.MAX_VALUE, b.get(2).balance()));
                  }));
      assertEquals(before, b.describe(), "inner blocks rolled back with the outer one");
    }
  }

  @Test
  void exceptionCaughtAfterANestedBlockDoomsTheOuterBlock() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("doomed", 1 << 20);
      Bank b = Bank.create(h, 2);
      String before = b.describe();
      IllegalArgumentException inner = new IllegalArgumentException("inner");
      BlockAbortedException e =
          assertThrows(
              BlockAbortedException.class,
              () ->
                  FA.run(
                      h,
                      () -> {
                        b.get(0).balance(1);
                        try {
                          FA.run(
                              h,
                              () -> {
                                b.get(1).balance(2);
                                throw inner;
                              });
                        } catch (IllegalArgumentException caught) {
                          assertEquals(before, b.describe(), "rolled back at once");
                          assertThrows(BlockAbortedException.class, () -> b.get(0).balance(3));
                          assertThrows(BlockAbortedException.class, () -> new Account(h, 1));
                        }
                      }));
      assertSame(inner, e.getCause());
      assertEquals(before, b.describe());
      HeapAudit.assertNothingLeaked(h); // the refused allocation was released
      FA.run(h, () -> b.get(0).balance(4)); // the thread is usable again
      assertEquals(4, b.get(0).balance());
    }
  }

  @Test
  void sameObjectThroughTwoProxiesIsLoggedOnceAndRestoredToItsFirstValue() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("proxies", 1 << 20);
      Bank b = Bank.create(h, 1);
      Account p1 = h.object(b.get(0).offset());
      Account p2 = h.object(b.get(0).offset());
      assertThrows(
          IllegalStateException.class,
          () ->
              FA.run(
                  h,
                  () -> {
                    p1.balance(1);
                    p2.balance(2);
                    p2.count(3);
                    p1.tag(4);
                    assertEquals(1, Block.current().log().count(), "one line, one entry");
                    throw new IllegalStateException("undo");
                  }));
      assertEquals("100/0/0/-", b.describe());
    }
  }

  @Test
  void freesInsideABlockHappenAtCommitAndTwiceIsRefused() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("frees", 1 << 20);
      Bank b = Bank.create(h, 1);
      Account x = new Account(h, 9);
      x.persist();
      FA.run(h, () -> b.get(0).link(x));
      FA.run(
          h,
          () -> {
            b.get(0).link(null);
            h.free(x);
            assertEquals(
                9, h.<Account>object(x.offset()).balance(), "still allocated in the block");
          });
      assertThrows(HeapCorruptException.class, () -> h.object(x.offset()), "freed at commit");
      Account y = new Account(h, 1);
      y.persist();
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () ->
                  FA.run(
                      h,
                      () -> {
                        h.free(y);
                        h.free(y);
                      }));
      assertTrue(e.getMessage().contains("freed twice"), e.getMessage());
      assertEquals(1, h.<Account>object(y.offset()).balance(), "the aborted block freed nothing");
    }
  }

  @Test
  void aBlockLargerThanTheFirstSegmentsGrowsTheLog() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("grow");
      int n = LogSegmentLayout.capacity(0) + LogSegmentLayout.capacity(1) + 10;
      try (Heap h = Heap.create(p, 4 << 20)) {
        Bank b = Bank.create(h, n);
        assertThrows(
            IllegalStateException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      for (Account a : b.accounts) a.balance(-1);
                      throw new IllegalStateException("all of them back");
                    }));
        for (int i = 0; i < n; i++) assertEquals(100L * (i + 1), b.get(i).balance());
        FA.run(
            h,
            () -> {
              for (Account a : b.accounts) a.balance(a.balance() + 1);
            });
        ThreadLog log = HeapLogs.of(h).all()[0];
        assertEquals(3, log.segmentCount(), log.toString());
      }
      try (Heap h = Heap.open(p)) {
        Bank b = Bank.open(h);
        for (int i = 0; i < n; i++) assertEquals(100L * (i + 1) + 1, b.get(i).balance());
        assertTrue(h.verify().ok(), () -> h.verify().toString());
      }
    }
  }

  @Test
  void facadeRunsBlocksOnTheDefaultHeap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("facade");
      JNVM.init(p.toString(), 1 << 20);
      try {
        Account a = new Account(JNVM.heap(), 1);
        a.persist();
        JNVM.root.put("a", a);
        JNVM.fa(() -> a.balance(2));
        long v = JNVM.fa(() -> a.balance() * 10);
        assertEquals(20, v);
        assertThrows(
            IllegalStateException.class,
            () ->
                JNVM.fa(
                    () -> {
                      a.balance(3);
                      throw new IllegalStateException("no");
                    }));
        assertEquals(2, a.balance());
        FA.run(() -> a.balance(5));
        assertEquals(6L, FA.call(() -> a.balance() + 1));
      } finally {
        JNVM.close();
      }
    }
  }

  @Test
  void misuseIsReportedWithValues() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("misuse", 1 << 20);
      Heap other = t.create("other", 1 << 20);
      Bank b = Bank.create(h, 1);
      IllegalStateException e = assertThrows(IllegalStateException.class, Hooks::exit);
      assertTrue(e.getMessage().contains("without a matching enter"), e.getMessage());
      e =
          assertThrows(
              IllegalStateException.class,
              () -> FA.run(h, () -> FA.run(other, () -> b.get(0).balance(0))));
      assertTrue(e.getMessage().contains("spans one heap"), e.getMessage());
      IllegalArgumentException a =
          assertThrows(
              IllegalArgumentException.class,
              () -> FA.run(h, () -> Hooks.beforeStore(other.base() + 4096, 8)));
      assertTrue(a.getMessage().contains("outside the block's heap"), a.getMessage());
      assertEquals(100, b.get(0).balance());
      HeapAudit.assertNothingLeaked(h);
      HeapAudit.assertNothingLeaked(other);
      assertFalse(FA.inBlock());
    }
  }

  @Test
  void readOnlyHeapsRunNoBlocksAndSkipReplay() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("ro");
      try (Heap h = Heap.create(p, 1 << 20)) {
        Bank b = Bank.create(h, 1);
        FA.run(h, () -> b.get(0).balance(1));
      }
      try (Heap h = t.track(Heap.open(p, HeapOptions.DEFAULT.withReadOnly(true)))) {
        IllegalStateException e =
            assertThrows(IllegalStateException.class, () -> FA.run(h, () -> {}));
        assertTrue(e.getMessage().contains("read-only"), e.getMessage());
        assertNull(Bank.open(h).get(0).link());
      }
    }
  }
}
