package org.jnvm.jpdt;

import static org.jnvm.jpdt.PTypes.strings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapAudit;
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
 * J-PDT inside failure-atomic blocks: arrays' element stores and every container mutator take part
 * in the block. An abort leaves every container as it was (its volatile index rebuilt), frees what
 * the block allocated, and the heap reopens clean; a committed block keeps its changes.
 */
class BlocksTest {

  @Test
  void everyContainerMutatorInsideAnAbortedBlockIsUndoneAndInACommittedOneKept() throws Exception {
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
          for (int i = 0; i < 300; i++) m.put("k" + i, "v" + i); // several segments
          undone(h, marker, m, () -> m.put("b", "2"));
          undone(h, marker, m, () -> m.put("k1", "3"));
          undone(h, marker, m, () -> m.remove("k2"));
          undone(h, marker, m, () -> m.replace("k3", "4"));
          undone(h, marker, m, () -> m.compute("k4", (k, v) -> v + "5"));
          undone(h, marker, m, () -> m.merge("c", "6", String::concat));
          undone(h, marker, m, () -> m.entrySet().iterator().next().setValue("7"));
          undone(h, marker, m, () -> removeFirst(m.keySet().iterator()));
          undone(h, marker, m, () -> m.values().clear());
          undone(h, marker, m, () -> m.replaceAll((k, v) -> v + "8"));
          undone(h, marker, m, m::clear);
          undone(
              h,
              marker,
              m,
              () -> {
                for (int i = 0; i < 2000; i++) m.put("g" + i, "x");
              });
          FA.run(
              h,
              () -> {
                m.put("d", "9");
                m.remove("k0");
                marker.set(0, marker.get(0) + 1);
              });
          assertEquals("9", m.get("d"));
          assertNull(m.get("k0"));
          assertEquals(300, m.size());
        }
        for (int i = 0; i < 10; i++) list.add("x" + i);
        undone(h, marker, list, () -> list.add("y"));
        undone(h, marker, list, () -> list.set(0, "z"));
        undone(h, marker, list, () -> list.remove(0));
        undone(h, marker, list, () -> removeFirst(list.iterator()));
        undone(h, marker, list, () -> list.addAll(List.of("u", "v")));
        undone(h, marker, list, list::clear);
        undone(
            h,
            marker,
            list,
            () -> {
              for (int i = 0; i < 100; i++) list.add("g" + i);
            });
        FA.run(h, () -> list.add("w"));
        assertEquals(11, list.size());
      }
      try (Heap h = Heap.open(p)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        assertEquals(0, h.recoveryReport().reclaimed(), "aborts freed what they allocated");
        for (String name : List.of("hash", "conc", "sorted")) {
          Map<String, String> m = h.roots().get(name);
          assertEquals(300, m.size(), name);
          assertEquals("9", m.get("d"), name);
          assertEquals("v299", m.get("k299"), name);
        }
        List<String> list = h.roots().get("list");
        assertEquals("w", list.get(10));
      }
    }
  }

  @Test
  void nestedBlocksCommitTogetherAndAbortTogether() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("blocks-nested"), 16 << 20)) {
      Map<String, String> m = new PHashMap<>(h, strings(), strings());
      List<String> l = new PArrayList<>(h, strings());
      h.roots().put("m", (PHashMap<?, ?>) m);
      FA.run(
          h,
          () -> {
            m.put("outer", "1");
            FA.run(h, () -> l.add("inner"));
            m.put("after", "2");
          });
      assertEquals(Map.of("outer", "1", "after", "2"), Map.copyOf(m));
      assertEquals(List.of("inner"), List.copyOf(l));
      assertThrows(
          IllegalStateException.class,
          () ->
              FA.run(
                  h,
                  () -> {
                    m.put("x", "3");
                    l.add("y");
                    FA.run(
                        h,
                        () -> {
                          m.remove("outer");
                          throw new IllegalStateException("inner abort");
                        });
                  }));
      assertEquals(Map.of("outer", "1", "after", "2"), Map.copyOf(m));
      assertEquals(List.of("inner"), List.copyOf(l));
    }
  }

  /**
   * A nested block that aborts inside a concurrent map's {@code compute} function rolls the whole
   * block back from inside the map's operation: the rollback's guard takes every lock of the map,
   * which works only because the maps call user code without holding any (a deadlock otherwise).
   */
  @Test
  void aBlockAbortedInsideAMapsCallbackRollsBackWithoutWaitingForItself() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("blocks-callback"), 16 << 20)) {
      Map<String, String> conc = new PConcurrentHashMap<>(h, strings(), strings());
      Map<String, String> sorted = new PSkipListMap<>(h, strings(), strings());
      for (Map<String, String> m : List.of(conc, sorted)) {
        m.put("k", "v");
        Map<String, String> before = new java.util.TreeMap<>(m);
        IllegalStateException e =
            assertTimeoutPreemptively(
                Duration.ofSeconds(30),
                () ->
                    assertThrows(
                        IllegalStateException.class,
                        () ->
                            FA.run(
                                h,
                                () -> {
                                  m.put("a", "1");
                                  m.compute(
                                      "k",
                                      (k, v) ->
                                          FA.call(
                                              h,
                                              () -> {
                                                throw new IllegalStateException("inside compute");
                                              }));
                                })));
        assertEquals("inside compute", e.getMessage());
        assertEquals(before, new java.util.TreeMap<>(m), m.getClass().getSimpleName());
        m.put("b", "2"); // the map's locks were all released
        assertEquals("2", m.get("b"));
      }
    }
  }

  @Test
  void aContainerCreatedAndChangedInAnAbortedBlockIsSimplyGone() throws Exception {
    try (TestHeaps t = new TestHeaps();
        Heap h = Heap.create(t.path("blocks-created"), 16 << 20)) {
      IllegalStateException e =
          assertThrows(
              IllegalStateException.class,
              () ->
                  FA.run(
                      h,
                      () -> {
                        Map<String, String> m = new PHashMap<>(h, strings(), strings());
                        m.put("a", "1");
                        List<String> l = new PArrayList<>(h, strings());
                        l.add("x");
                        Map<String, String> s = new PSkipListMap<>(h, strings(), strings());
                        s.put("b", "2");
                        throw new IllegalStateException("abort");
                      }));
      assertEquals(0, e.getSuppressed().length, "no rebuild of the freed containers was tried");
      assertTrue(h.verify().ok(), h.verify().toString());
      HeapAudit.assertNothingLeaked(h);
    }
  }

  /**
   * A block that changed containers and then runs out of heap midway: the {@link
   * org.jnvm.core.heap.HeapFullException} aborts it, the containers are as before the block, and
   * the heap, reopened, holds nothing the block allocated.
   */
  @Test
  void aHeapFullMidwayThroughABlockUndoesWhatTheBlockDid() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("blocks-full");
      try (Heap h = Heap.create(p, 4 << 20)) {
        Map<String, String> m = new PHashMap<>(h, strings(), strings());
        List<String> l = new PArrayList<>(h, strings());
        h.roots().put("m", (PHashMap<?, ?>) m);
        h.roots().put("l", (PArrayList<?>) l);
        m.put("a", "1");
        l.add("x");
        String big = "v".repeat(1000);
        assertThrows(
            org.jnvm.core.heap.HeapFullException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      m.remove("a");
                      l.add("y");
                      for (int i = 0; ; i++) m.put("k" + i, big); // until the heap is full
                    }));
        assertEquals(Map.of("a", "1"), Map.copyOf(m));
        assertEquals(List.of("x"), List.copyOf(l));
        HeapAudit.assertNothingLeaked(h);
        m.put("b", "2"); // the room the block took is back
      }
      try (Heap h = Heap.open(p)) {
        assertTrue(h.verify().ok(), h.verify().toString());
        assertEquals(0, h.recoveryReport().reclaimed(), "the abort freed what the block took");
        Map<String, String> m = h.roots().get("m");
        assertEquals(Map.of("a", "1", "b", "2"), Map.copyOf(m));
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

  /**
   * Five blocks, each changing a hash map, an ordered map and a list and then a marker; every crash
   * image shows the containers exactly as of the marker's block (all of a block or none of it), and
   * every block that returned. Fails with the undo hook deleted from any of {@code EntryStore}'s
   * {@code publish}, {@code unlink}, {@code swapValue} and {@code ListCore}'s {@code publish} and
   * {@code replace} (an image then holds a change of a block that did not commit).
   */
  @Test
  void containerChangesInABlockAreAtomicAcrossCrashes() {
    AtomicInteger committed = new AtomicInteger();
    CrashTest.named("J-PDT containers in failure-atomic blocks")
        .model(CrashModel.EVICTION)
        .heapSize(2 << 20)
        .setup(
            heap -> {
              heap.roots().put("hash", new PHashMap<String, String>(heap, strings(), strings()));
              heap.roots()
                  .put("sorted", new PSkipListMap<String, String>(heap, strings(), strings()));
              heap.roots().put("list", new PArrayList<String>(heap, strings()));
              heap.roots().put("marker", new PLongArray(heap, 1));
              FA.run(heap, () -> {}); // the thread's log exists before the crashes start
            })
        .workload(
            heap -> {
              Map<String, String> hash = heap.roots().get("hash");
              Map<String, String> sorted = heap.roots().get("sorted");
              List<String> list = heap.roots().get("list");
              PLongArray marker = heap.roots().get("marker");
              for (int k = 1; k <= 5; k++) {
                int b = k;
                FA.run(
                    heap,
                    () -> {
                      for (Map<String, String> m : List.of(hash, sorted)) {
                        if (b >= 3) m.remove("k" + (b - 2)); // first: its line is not logged yet
                        m.put("k" + b, "v" + b);
                        if (b == 5) m.put("k4", "w");
                      }
                      list.add("e" + b);
                      if (b == 4) list.remove(0);
                      marker.set(0, b);
                    });
                committed.set(k);
              }
            })
        .check(
            heap -> {
              long m = heap.roots().<PLongArray>get("marker").get(0);
              assertTrue(m >= committed.get(), "a committed block is durable: " + m);
              Map<String, String> want = modelMap(m);
              assertEquals(want, new java.util.TreeMap<>(hashOf(heap, "hash")));
              assertEquals(want, new java.util.TreeMap<>(sortedOf(heap)));
              assertEquals(modelList(m), List.copyOf(listOf(heap)));
            })
        .run();
  }

  private static Map<String, String> hashOf(Heap heap, String name) {
    PHashMap<String, String> m = heap.roots().get(name);
    return m;
  }

  private static Map<String, String> sortedOf(Heap heap) {
    PSkipListMap<String, String> m = heap.roots().get("sorted");
    return m;
  }

  private static List<String> listOf(Heap heap) {
    PArrayList<String> l = heap.roots().get("list");
    return l;
  }

  private static Map<String, String> modelMap(long blocks) {
    Map<String, String> m = new java.util.TreeMap<>();
    for (int b = 1; b <= blocks; b++) {
      m.put("k" + b, "v" + b);
      if (b >= 3) m.remove("k" + (b - 2));
      if (b == 5) m.put("k4", "w");
    }
    return m;
  }

  private static List<String> modelList(long blocks) {
    List<String> l = new java.util.ArrayList<>();
    for (int b = 1; b <= blocks; b++) {
      l.add("e" + b);
      if (b == 4) l.remove(0);
    }
    return l;
  }

  /** Runs {@code change} in a block that then aborts: the container is as it was. */
  private static void undone(Heap h, PLongArray marker, Object container, Runnable change) {
    long before = marker.get(0);
    Object snapshot = snapshot(container);
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () ->
                FA.run(
                    h,
                    () -> {
                      marker.set(0, before + 1);
                      change.run();
                      throw new IllegalStateException("abort");
                    }));
    assertEquals("abort", e.getMessage());
    assertEquals(before, marker.get(0), "the block aborted whole");
    assertEquals(snapshot, snapshot(container), "the container is as before the block");
    HeapAudit.assertNothingLeaked(h);
  }

  private static Object snapshot(Object container) {
    if (container instanceof Map<?, ?> m) return new java.util.TreeMap<>(m);
    return List.copyOf((List<?>) container);
  }

  private static void removeFirst(Iterator<?> it) {
    it.next();
    it.remove();
  }
}
