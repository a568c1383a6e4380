package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.jnvm.jpfa.BlockAbortedException;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * Blocks that cannot commit leave nothing allocated behind: after each scenario every object the
 * allocator holds is reachable from the roots ({@link HeapAudit}), on every heap involved, and the
 * containers are as before. The scenarios: an allocating J-PDT operation in a block doomed by a
 * caught nested abort (refused by the allocation hook after the heap reserved its object), and an
 * operation on a container of heap B inside a block on heap A (refused for spanning two heaps,
 * after the container had allocated on B).
 */
class BlockLeaksTest {

  /** Every allocating operation of the containers, the arrays and plain objects. */
  private static final List<Consumer<Containers>> ALLOCATING =
      List.of(
          c -> c.hash.put("new", "1"),
          c -> c.hash.put("k0", "2"),
          c -> c.conc.putIfAbsent("new", "3"),
          c -> c.conc.replace("k0", "4"),
          c -> c.sorted.put("new", "5"),
          c -> c.sorted.merge("k0", "6", String::concat),
          c -> c.hash.compute("k0", (k, v) -> v + "7"),
          c -> c.list.add("8"),
          c -> c.list.set(0, "9"),
          c -> c.list.addAll(List.of("a", "b")),
          c -> new PString(c.heap, "plain"),
          c -> new PLongArray(c.heap, 4));

  @Test
  void anAllocationInADoomedBlockIsReleased() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("leaks-doomed"), 8 << 20)) {
      Containers c = Containers.create(h);
      HeapAudit.assertNothingLeaked(h);
      for (int i = 0; i < ALLOCATING.size(); i++) {
        Consumer<Containers> op = ALLOCATING.get(i);
        Object before = c.snapshot();
        assertThrows(
            BlockAbortedException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      c.list.add("x");
                      abortNested(h);
                      assertThrows(BlockAbortedException.class, () -> op.accept(c));
                    }),
            "operation " + i);
        assertEquals(before, c.snapshot(), "operation " + i);
        HeapAudit.assertNothingLeaked(h);
      }
      c.hash.put("after", "1"); // the heap is still usable
      HeapAudit.assertNothingLeaked(h);
    }
  }

  @Test
  void aChangeOfAnotherHeapsContainerIsRefusedBeforeItAllocates() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap a = Heap.create(t.path("leaks-block"), 4 << 20);
        Heap b = Heap.create(t.path("leaks-other"), 8 << 20)) {
      Containers mine = Containers.create(a);
      Containers other = Containers.create(b);
      for (int i = 0; i < 10; i++) { // the operations on containers, not on plain objects
        Consumer<Containers> op = ALLOCATING.get(i);
        Object before = other.snapshot();
        Object mineBefore = mine.snapshot();
        IllegalArgumentException e =
            assertThrows(
                IllegalArgumentException.class,
                () ->
                    FA.run(
                        a,
                        () -> {
                          mine.hash.put("in-block", "1");
                          op.accept(other);
                        }),
                "operation " + i);
        assertTrue(e.getMessage().contains(b.file().toString()), e.getMessage());
        assertEquals(before, other.snapshot(), "operation " + i);
        assertEquals(mineBefore, mine.snapshot(), "the block on the first heap rolled back");
        HeapAudit.assertNothingLeaked(b);
        HeapAudit.assertNothingLeaked(a);
      }
    }
  }

  private static void abortNested(Heap h) {
    try {
      FA.run(
          h,
          () -> {
            throw new IllegalStateException("nested abort");
          });
    } catch (IllegalStateException expected) {
      // caught: the outer block is doomed
    }
  }

  /** One container of each kind, rooted, each holding a few entries. */
  private record Containers(
      Heap heap,
      Map<String, String> hash,
      Map<String, String> conc,
      Map<String, String> sorted,
      List<String> list) {

    static Containers create(Heap h) {
      PHashMap<String, String> hash = new PHashMap<>(h, strings(), strings());
      PConcurrentHashMap<String, String> conc = new PConcurrentHashMap<>(h, strings(), strings());
      PSkipListMap<String, String> sorted = new PSkipListMap<>(h, strings(), strings());
      PArrayList<String> list = new PArrayList<>(h, strings());
      h.roots().put("hash", hash);
      h.roots().put("conc", conc);
      h.roots().put("sorted", sorted);
      h.roots().put("list", list);
      for (int i = 0; i < 20; i++) {
        hash.put("k" + i, "v" + i);
        conc.put("k" + i, "v" + i);
        sorted.put("k" + i, "v" + i);
        list.add("e" + i);
      }
      return new Containers(h, hash, conc, sorted, list);
    }

    Object snapshot() {
      return List.of(
          new java.util.TreeMap<>(hash),
          new java.util.TreeMap<>(conc),
          new java.util.TreeMap<>(sorted),
          List.copyOf(list));
    }
  }
}
