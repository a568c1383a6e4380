package org.jnvm.jpfa;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashCheck;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.junit.jupiter.api.Test;

/**
 * What a block costs in fences, counted by the crash simulator in the steady state (log created,
 * classes registered, chunks carved): one undo fence per line first stored to, one at commit, one
 * more for allocating and one more for freeing.
 */
class FenceCountTest {

  private static CrashStats count(Heap heap, CrashCheck action) throws Exception {
    return CrashTest.count(heap, action);
  }

  @Test
  void aOneFieldBlockTakesAtMostTwoFences() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("one-field", 1 << 20);
      Bank b = Bank.create(h, 1);
      FA.run(h, () -> b.get(0).balance(0)); // creates the log
      CrashStats s = count(h, x -> FA.run(h, () -> b.get(0).balance(b.get(0).balance() + 1)));
      System.out.println("[fences] one-field block: " + s);
      assertTrue(s.fences() <= 2, s.toString());
      assertEquals(2, s.fences(), "the undo fence and the commit fence: " + s);
    }
  }

  @Test
  void fencesPerBlockSize() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("sizes", 4 << 20);
      Bank b = Bank.create(h, 64);
      warmUp(h, b);
      StringBuilder table = new StringBuilder("[fences] lines: fences (stores, write-backs)");
      for (int lines : new int[] {1, 2, 4, 8, 16, 64}) {
        CrashStats s = count(h, x -> FA.run(h, () -> bump(b, lines)));
        table.append(
            String.format("%n  %2d: %2d (%d, %d)", lines, s.fences(), s.stores(), s.pwbs()));
        assertEquals(lines + 1, s.fences(), lines + " lines: " + s);
      }
      System.out.println(table);
    }
  }

  /**
   * A small object is logged whole when a block reaches its second line: updating fields in each of
   * its three lines costs two undo fences, not three; one line of it costs one line.
   */
  @Test
  void aSmallObjectIsLoggedWholeAtItsFirstStore() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("whole", 1 << 20);
      Wide w = new Wide(h);
      w.persist();
      h.roots().put("w", w);
      FA.run(h, () -> w.set(0, 1)); // creates the log
      CrashStats s =
          count(
              h,
              x ->
                  FA.run(
                      h,
                      () -> {
                        for (int i = 0; i < Wide.FIELDS; i++) w.set(i, 100 + i);
                      }));
      assertEquals(3, s.fences(), "three lines, two undo fences, one commit: " + s);
      for (int i = 0; i < Wide.FIELDS; i++) assertEquals(100 + i, w.get(i));
      assertThrows(IndexOutOfBoundsException.class, () -> FA.run(h, () -> w.set(Wide.FIELDS, 1)));
      for (int i = 0; i < Wide.FIELDS; i++) assertEquals(100 + i, w.get(i), "aborted, unchanged");
      CrashStats one = count(h, x -> FA.run(h, () -> w.set(Wide.FIELDS - 1, 7)));
      assertEquals(2, one.fences(), one.toString());
      assertEquals(
          5, one.pwbs(), "entry (2 lines), ACTIVE, the line, the record; no other: " + one);
    }
  }

  @Test
  void manyStoresToOneLineCostTheSameAsOne() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("same-line", 1 << 20);
      Bank b = Bank.create(h, 1);
      Account other = h.object(b.get(0).offset()); // a second proxy of the same object
      FA.run(h, () -> b.get(0).balance(0));
      CrashStats s =
          count(
              h,
              x ->
                  FA.run(
                      h,
                      () -> {
                        for (int i = 0; i < 10; i++) b.get(0).balance(i);
                        other.count(1);
                        other.tag(2);
                      }));
      assertEquals(2, s.fences(), s.toString());
    }
  }

  @Test
  void allocatingAndFreeingEachCostOneMoreFence() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("alloc-free", 1 << 20);
      Bank b = Bank.create(h, 1);
      warmUp(h, b);
      CrashStats alloc = count(h, x -> FA.run(h, () -> b.get(0).link(new Account(h, 1))));
      assertEquals(3, alloc.fences(), "undo, fresh objects, commit: " + alloc);
      CrashStats free =
          count(
              h,
              x ->
                  FA.run(
                      h,
                      () -> {
                        Account a = b.get(0).link();
                        b.get(0).link(null);
                        h.free(a);
                      }));
      assertEquals(3, free.fences(), "undo, commit, truncation before the free: " + free);
      CrashStats both =
          count(
              h,
              x ->
                  FA.run(
                      h,
                      () -> {
                        b.get(0).link(new Account(h, 2));
                        b.get(0).link().link(new Account(h, 3));
                        Account a = b.get(0).link();
                        b.get(0).link(a.link());
                        h.free(a);
                      }));
      assertEquals(4, both.fences(), both.toString());
      CrashStats none = count(h, x -> FA.run(h, () -> b.get(0).balance()));
      assertEquals(0, none.fences() + none.stores(), "a block that stores nothing: " + none);
      System.out.printf(
          "[fences] allocating block: %d, freeing block: %d, both: %d, read-only: %d%n",
          alloc.fences(), free.fences(), both.fences(), none.fences());
    }
  }

  @Test
  void abortCostsTwoFencesAfterItsUndoFences() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("abort", 1 << 20);
      Bank b = Bank.create(h, 2);
      warmUp(h, b);
      CrashStats s =
          count(
              h,
              x -> {
                try {
                  FA.run(
                      h,
                      () -> {
                        bump(b, 2);
                        throw new IllegalStateException("abort");
                      });
                } catch (IllegalStateException expected) {
                  // counted
                }
              });
      assertEquals(4, s.fences(), "two undo fences, restored lines, IDLE: " + s);
    }
  }

  /** Creates the log, registers the class and carves chunks, as in a long-running program. */
  private static void warmUp(Heap h, Bank b) {
    FA.run(
        h,
        () -> {
          bump(b, b.accounts.length);
          b.get(0).link(new Account(h, 0));
        });
  }

  private static void bump(Bank b, int lines) {
    for (int i = 0; i < lines; i++) b.get(i).balance(b.get(i).balance() + 1);
  }
}
