package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.jpdt.collection.PArrayList;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpdt.collection.PSkipListMap;
import org.jnvm.jpfa.FA;
import org.junit.jupiter.api.Test;

/**
 * J-PDT inside failure-atomic blocks. Arrays take part: their element stores are undone by an abort
 * and by a crash before the commit. Containers do not yet: every mutator refuses inside a block
 * before writing anything ({@link ContainerInBlockException}), so the block aborts and the heap,
 * reopened, holds what it held before (the combination used to destroy the heap).
 */
class BlocksTest {

  @Test
  void everyContainerMutatorIsRefusedInsideABlockAndTheHeapLosesNothing() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("blocks-containers");
      try (Heap h = Heap.create(p, 16 << 20)) {
        Map<String, String> hash = new PHashMap<>(h, strings(), strings());
        Map<String, String> conc = new PConcurrentHashMap<>(h, strings(), strings());
        Map<String, String> sorted = new PSkipListMap<>(h, strings(), strings());
        List<String> list = new PArrayList<>(h, strings());
        h.roots().put("hash", (PHashMap<?, ?>) hash);
        h.roots().put("conc", (PConcurrentHashMap<?, ?>) conc);
        h.roots().put("sorted", (PSkipListMap<?, ?>) sorted);
        h.roots().put("list", (PArrayList<?>) list);
        PLongArray marker = new PLongArray(h, 1);
        h.roots().put("marker", marker);
        for (Map<String, String> m : List.of(hash, conc, sorted)) {
          m.put("a", "1");
          refused(h, marker, () -> m.put("b", "2"));
          refused(h, marker, () -> m.put("a", "3"));
          refused(h, marker, () -> m.remove("a"));
          refused(h, marker, () -> m.replace("a", "4"));
          refused(h, marker, () -> m.compute("a", (k, v) -> v + "5"));
          refused(h, marker, () -> m.merge("c", "6", String::concat));
          refused(h, marker, () -> m.entrySet().iterator().next().setValue("7"));
          refused(h, marker, () -> removeFirst(m.keySet().iterator()));
          refused(h, marker, () -> m.values().clear());
          refused(h, marker, () -> m.replaceAll((k, v) -> v + "8"));
          refused(h, marker, m::clear);
          assertEquals(Map.of("a", "1"), Map.copyOf(m));
          m.put("d", "9"); // outside the block, as before
        }
        list.add("x");
        refused(h, marker, () -> list.add("y"));
        refused(h, marker, () -> list.set(0, "z"));
        refused(h, marker, () -> list.remove(0));
        refused(h, marker, () -> removeFirst(list.iterator()));
        refused(h, marker, () -> list.addAll(List.of("u", "v")));
        refused(h, marker, list::clear);
        assertEquals(List.of("x"), List.copyOf(list));
      }
      try (Heap h = Heap.open(p)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        for (String name : List.of("hash", "conc", "sorted")) {
          Map<String, String> m = h.roots().get(name);
          assertEquals(Map.of("a", "1", "d", "9"), Map.copyOf(m), name);
        }
        List<String> list = h.roots().get("list");
        assertEquals(List.of("x"), List.copyOf(list));
      }
    }
  }

  @Test
  void arrayStoresInsideAnAbortedBlockAreUndone() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("blocks-arrays");
      long live;
      try (Heap h = Heap.create(p, 16 << 20)) {
        PByteArray bytes = new PByteArray(h, 100);
        PLongArray longs = new PLongArray(h, 4);
        PRefArray<Node> refs = new PRefArray<>(h, 2);
        PLargeByteArray large = new PLargeByteArray(h, 3 * 4096, 4096);
        Node kept = new Node(h, 1);
        refs.set(0, kept);
        h.roots().put("bytes", bytes);
        h.roots().put("longs", longs);
        h.roots().put("refs", refs);
        h.roots().put("large", large);
        assertThrows(
            IllegalStateException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      bytes.set(3, (byte) 7);
                      bytes.write(50, new byte[] {1, 2, 3}, 0, 3);
                      longs.set(1, 42);
                      refs.set(0, null);
                      refs.set(1, new Node(h, 2)); // allocated in the block: freed by the abort
                      large.set(4095, (byte) 9);
                      large.write(4090, new byte[20], 0, 20);
                      throw new IllegalStateException("abort");
                    }));
        assertEquals(0, bytes.get(3));
        assertEquals(0, bytes.get(51));
        assertEquals(0, longs.get(1));
        assertEquals(1, refs.get(0).value());
        assertNull(refs.get(1));
        assertEquals(0, large.get(4095));
        FA.run(h, () -> longs.set(2, 5)); // and a committed one stays
        assertEquals(5, longs.get(2));
      }
      try (Heap h = Heap.open(p)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        live = h.recoveryReport().liveObjects();
        assertEquals(0, h.recoveryReport().reclaimed(), "the abort freed the node it allocated");
        PLongArray longs = h.roots().get("longs");
        assertEquals(5, longs.get(2));
        assertTrue(live > 0);
      }
    }
  }

  /**
   * A block sets element k of two arrays to the same value; every crash image shows both stores or
   * neither. Fails with {@code PLongArray.set}'s {@code InBlocks.beforeStore} deleted (an image
   * then holds the first store of a block that did not commit).
   */
  @Test
  void arrayStoresInABlockAreAtomicAcrossCrashes() {
    AtomicInteger committed = new AtomicInteger();
    CrashTest.named("PLongArray stores in failure-atomic blocks")
        .model(CrashModel.EVICTION)
        .heapSize(1 << 20)
        .setup(
            heap -> {
              heap.roots().put("x", new PLongArray(heap, 4));
              heap.roots().put("y", new PLongArray(heap, 4));
              FA.run(heap, () -> {}); // the thread's log exists before the crashes start
            })
        .workload(
            heap -> {
              PLongArray x = heap.roots().get("x");
              PLongArray y = heap.roots().get("y");
              for (int k = 1; k <= 3; k++) {
                long v = k;
                FA.run(
                    heap,
                    () -> {
                      x.set(0, v);
                      y.set(3, v);
                    });
                committed.set(k);
              }
            })
        .check(
            heap -> {
              PLongArray x = heap.roots().get("x");
              PLongArray y = heap.roots().get("y");
              assertEquals(x.get(0), y.get(3), "both stores of a block or neither");
              assertTrue(x.get(0) >= committed.get(), "a committed block is durable");
            })
        .run();
  }

  private static void refused(Heap h, PLongArray marker, Runnable change) {
    long before = marker.get(0);
    ContainerInBlockException e =
        assertThrows(
            ContainerInBlockException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      marker.set(0, before + 1); // undone with the block
                      change.run();
                    }));
    assertTrue(e.getMessage().contains("inside a failure-atomic block"), e.getMessage());
    assertEquals(before, marker.get(0), "the block aborted whole");
  }

  private static void removeFirst(Iterator<?> it) {
    it.next();
    it.remove();
  }
}
