package org.jnvm.jpdt.nolock;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * The containers that are not thread-safe refuse a second writer while a failure-atomic block
 * changes them: another thread's change, in a block or not, throws {@link
 * ConcurrentModificationException} naming the rule, and writes nothing (the container keeps the
 * block's view, nothing leaks, the block commits or aborts as usual). After the block ends the
 * other thread's change goes through. Without the check the block's rollback wrote its old lines
 * back over the other thread's entries (issue 55: "slot holds a PString, not an entry").
 */
class SingleWriterTest {
  @Test
  void aHashMapChangedByABlockRefusesAnotherThread() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("single-hash"), 16 << 20)) {
      PHashMap<String, String> m = new PHashMap<>(h, strings(), strings());
      h.roots().put("m", m);
      m.put("a", "0");
      for (boolean abort : new boolean[] {false, true}) {
        blockThenOther(
            h,
            abort,
            () -> m.put("a", abort ? "aborted" : "1"),
            () -> m.put("b", "other"),
            () -> FA.run(h, () -> m.put("c", "other block")));
        assertEquals(
            new TreeMap<>(Map.of("a", "1", "b", "other", "c", "other block")),
            new TreeMap<>(m),
            "after the block (aborted: " + abort + ") and the other thread's changes");
        m.remove("b");
        m.remove("c");
      }
      HeapAudit.assertNothingLeaked(h);
    }
  }

  @Test
  void aListChangedByABlockRefusesAnotherThread() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("single-list"), 16 << 20)) {
      PArrayList<String> l = new PArrayList<>(h, strings());
      h.roots().put("l", l);
      blockThenOther(
          h, false, () -> l.add("block"), () -> l.add("plain"), () -> FA.run(h, () -> l.add("b2")));
      assertEquals(List.of("block", "plain", "b2"), new ArrayList<>(l));
      blockThenOther(
          h, true, () -> l.set(0, "aborted"), () -> l.remove(2), () -> FA.run(h, () -> l.clear()));
      assertEquals(List.of(), new ArrayList<>(l), "the other thread's removal and clear");
      HeapAudit.assertNothingLeaked(h);
    }
  }

  /**
   * Thread A runs a block that makes {@code inBlock} and waits; meanwhile thread B's {@code plain}
   * change and {@code otherBlock} must throw; A then ends (commits, or aborts if {@code abort}) and
   * B's two changes go through.
   */
  private static void blockThenOther(
      Heap h, boolean abort, Runnable inBlock, Runnable plain, Runnable otherBlock)
      throws Exception {
    CountDownLatch changed = new CountDownLatch(1);
    CountDownLatch tried = new CountDownLatch(1);
    AtomicReference<Throwable> failure = new AtomicReference<>();
    Thread a =
        new Thread(
            () -> {
              try {
                FA.run(
                    h,
                    () -> {
                      inBlock.run();
                      changed.countDown();
                      if (!tried.await(60, TimeUnit.SECONDS)) throw new IllegalStateException("B");
                      if (abort) throw new NoLockScenario.ChosenAbort();
                    });
              } catch (NoLockScenario.ChosenAbort e) {
                if (!abort) failure.set(e);
              } catch (Throwable e) {
                failure.set(e);
              }
            },
            "block-owner");
    a.start();
    try {
      assertTrue(changed.await(60, TimeUnit.SECONDS), "the block made its change");
      refused(plain, "a plain change");
      refused(otherBlock, "another block's change");
    } finally {
      tried.countDown();
      a.join();
    }
    if (failure.get() != null) throw new AssertionError("the block failed", failure.get());
    plain.run();
    otherBlock.run();
  }

  private static void refused(Runnable change, String what) {
    ConcurrentModificationException e =
        assertThrows(ConcurrentModificationException.class, change::run, what);
    assertTrue(e.getMessage().contains("is not thread-safe"), e.getMessage());
    assertTrue(e.getMessage().contains("block-owner"), e.getMessage());
  }
}
