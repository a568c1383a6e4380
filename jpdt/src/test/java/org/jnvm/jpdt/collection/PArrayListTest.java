package org.jnvm.jpdt.collection;

import static org.jnvm.jpdt.PTypes.pstrings;
import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
import org.jnvm.core.heap.HeapCorruptException;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.Test;

/** The list beyond the java.util contract: equivalence, growth, restarts, memory. */
class PArrayListTest {

  @Test
  void elementsAreFoundInEitherForm() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("either", 1 << 20);
      PArrayList<PString> p = new PArrayList<>(heap, pstrings());
      p.add(new PString(heap, "x"));
      p.add(new PString(heap, "y"));
      assertEquals(1, p.indexOf("y"));
      assertTrue(p.contains("x"));
      assertTrue(p.remove("x"));
      PArrayList<String> s = new PArrayList<>(heap, strings());
      s.add("x");
      assertTrue(s.contains(new PString(heap, "x")));
    }
  }

  @Test
  void growsByDoublingAndKeepsOrderAcrossRestarts() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("restart");
      List<String> twin = new ArrayList<>();
      try (Heap heap = Heap.create(p, 16 << 20)) {
        PArrayList<String> l = new PArrayList<>(heap, strings());
        heap.roots().put("l", l);
        Random r = new Random(9);
        for (int i = 0; i < 3000; i++) {
          int op = r.nextInt(10);
          if (op < 6 || twin.isEmpty()) {
            twin.add("e" + i);
            l.add("e" + i);
          } else if (op < 8) {
            int at = r.nextInt(twin.size() + 1);
            twin.add(at, "m" + i);
            l.add(at, "m" + i);
          } else if (op < 9) {
            int at = r.nextInt(twin.size());
            assertEquals(twin.remove(at), l.remove(at));
          } else {
            int at = r.nextInt(twin.size());
            assertEquals(twin.set(at, "s" + i), l.set(at, "s" + i));
          }
        }
        assertEquals(twin, l);
        assertTrue(l.capacity() >= twin.size() && l.capacity() < 4 * twin.size(), "doubling");
        HeapAudit.assertNothingLeaked(heap);
      }
      try (Heap heap = Heap.open(p)) {
        assertEquals(twin, heap.roots().get("l"));
      }
    }
  }

  @Test
  void bulkChangesAreAtomicAndFreeWhatTheyDrop() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("bulk", 1 << 20);
      PArrayList<String> l = new PArrayList<>(heap, strings());
      heap.roots().put("l", l);
      String big = "b".repeat(4000);
      for (int round = 0; round < 500; round++) {
        l.addAll(List.of(big, big, big, "tail"));
        l.addAll(1, List.of("x", "y"));
        l.subList(0, 3).clear();
        assertEquals(List.of(big, big, "tail"), l);
        l.clear();
      }
      assertEquals(List.of(), l);
      assertEquals(ListCore.INITIAL_CAPACITY, l.capacity());
      HeapAudit.assertNothingLeaked(heap);
    }
  }

  @Test
  void anElementAfterAnEmptySlotIsReportedAtOpen() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("corrupt");
      try (Heap heap = Heap.create(p, 1 << 20)) {
        PArrayList<String> l = new PArrayList<>(heap, strings());
        heap.roots().put("l", l);
        l.add("a");
        long array = heap.base() + ListLayout.array(l.address());
        Pmem.putLong(BlockLayout.address(array, 2), new PString(heap, "stray").offset());
        Pmem.persist(array, 64);
      }
      try (Heap heap = Heap.open(p)) {
        HeapCorruptException e =
            assertThrows(HeapCorruptException.class, () -> heap.roots().get("l"));
        assertTrue(e.getMessage().contains("element 2 follows an empty slot at 1"), e.getMessage());
      }
    }
  }

  @Test
  void nullsAreRefusedAndABulkInsertWithANullChangesNothing() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap heap = t.create("nulls", 1 << 20);
      PArrayList<String> l = new PArrayList<>(heap, strings());
      assertThrows(NullPointerException.class, () -> l.add(null));
      l.add("a");
      assertThrows(NullPointerException.class, () -> l.set(0, null));
      int free = heap.freeChunks();
      assertThrows(NullPointerException.class, () -> l.addAll(Arrays.asList("b", null)));
      assertEquals(List.of("a"), l);
      assertEquals(free, heap.freeChunks());
    }
  }
}
