package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Recovery's mark and sweep in the background ({@link BackgroundRecovery}): the program reads,
 * writes, allocates and frees while the mark runs, and the sweep frees exactly what was unreachable
 * when the heap opened. The mark is held at a chosen object through a test hook, so each race is
 * forced, not hoped for.
 */
class BackgroundRecoveryTest {
  private static final long SIZE = 8 << 20;
  private static final HeapOptions BACKGROUND = HeapOptions.DEFAULT.withBackgroundRecovery(true);
  private static final HeapOptions BEFORE_OPEN_RETURNS =
      HeapOptions.DEFAULT.withBackgroundRecovery(false);
  private static final long BOUND_SECONDS = 60;

  @AfterEach
  void clearHooks() {
    BackgroundRecovery.afterScanForTests = null;
    BackgroundRecovery.barrierForTests = true;
  }

  /** Holds the mark after it has read the object at {@code offset}, until released. */
  private static final class Pause {
    final CountDownLatch reached = new CountDownLatch(1);
    final CountDownLatch release = new CountDownLatch(1);
    final AtomicBoolean released = new AtomicBoolean();

    Pause at(long offset) {
      BackgroundRecovery.afterScanForTests =
          off -> {
            if (off != offset && offset != 0) return;
            reached.countDown();
            await(release);
          };
      return this;
    }

    void awaitReached() {
      await(reached);
    }

    void release() {
      released.set(true);
      release.countDown();
    }

    private static void await(CountDownLatch l) {
      try {
        if (!l.await(BOUND_SECONDS, TimeUnit.SECONDS)) throw new AssertionError("never reached");
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
  }

  /** Roots "a" -> A -> X (labelled), "b" -> B; returns {A, B, X, label} offsets. */
  private static long[] moveSetup(Path p) {
    try (Heap h = Heap.create(p, SIZE)) {
      Node x = new Node(h, 42);
      Blob label = new Blob(h, "label of x");
      label.persist();
      x.label(label);
      x.persist();
      Node a = new Node(h, 1);
      a.next(x);
      a.persist();
      Node b = new Node(h, 2);
      b.persist();
      h.roots().put("a", a); // the mark pops the later root first: B, then A
      h.roots().put("b", b);
      return new long[] {a.offset(), b.offset(), x.offset(), label.offset()};
    }
  }

  /**
   * The lost-object race: the mark has read B, not A; the program moves A's only reference to X
   * into B. Without a barrier the mark never sees X; with it, the store into A first marks what A
   * referenced at the snapshot.
   */
  private static Heap moveWhileTheMarkHoldsAtB(Path p, long[] at) {
    Pause pause = new Pause().at(at[1]);
    Heap h = Heap.open(p, BACKGROUND);
    pause.awaitReached();
    Node a = h.object(at[0]);
    Node b = h.object(at[1]);
    Node x = a.next();
    b.next(x);
    a.next(null);
    pause.release();
    h.awaitRecovery();
    return h;
  }

  @Test
  void aReferenceMovedFromAnUnreadObjectIntoAReadOneKeepsItsTarget() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-move");
      long[] at = moveSetup(p);
      try (Heap h = moveWhileTheMarkHoldsAtB(p, at)) {
        assertTrue(h.isLive(at[2]), "x");
        assertTrue(h.isLive(at[3]), "x's label");
        assertEquals(0, h.recoveryReport().reclaimed(), h.recoveryReport()::toString);
        VerifyReport v = h.verify();
        assertTrue(v.ok(), v::toString);
        for (int i = 0; i < 200; i++) new Node(h, i).persist(); // reuses nothing live
        assertEquals(42, h.<Node>object(at[1]).next().value());
      }
      try (Heap h = Heap.open(p, BEFORE_OPEN_RETURNS)) {
        Node x = h.<Node>roots().<Node>get("b").next();
        assertEquals(42, x.value());
        assertEquals("label of x", x.label().text());
        assertTrue(h.verify().ok());
      }
    }
  }

  /** The control: the same race with the barrier left out frees X while B references it. */
  @Test
  void withoutTheBarrierTheSameRaceFreesALiveObject() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-move-nobarrier");
      long[] at = moveSetup(p);
      BackgroundRecovery.barrierForTests = false;
      try (Heap h = moveWhileTheMarkHoldsAtB(p, at)) {
        assertFalse(h.isLive(at[2]), "the mark missed x: the hazard the barrier closes");
        assertFalse(h.verify().ok());
      }
    }
  }

  /** A list of {@code n} nodes from root "list", and {@code garbage} unreachable nodes. */
  private static void listSetup(Path p, int n, int garbage) {
    try (Heap h = Heap.create(p, SIZE)) {
      Node head = null;
      for (int i = n - 1; i >= 0; i--) {
        Node x = new Node(h, i);
        x.next(head);
        x.persist();
        head = x;
      }
      h.roots().put("list", head);
      for (int i = 0; i < garbage; i++) new Node(h, -1).persist();
    }
  }

  /**
   * A class migration's walk of the allocated objects ({@link ClassScan}) waits for the background
   * sweep: until then the allocated-slot bitmap lacks the objects the mark has not reached, and the
   * walk, run beside a held mark, found fewer objects than a stop-the-world open does.
   */
  @Test
  void aMigrationsWalkOfTheObjectsWaitsForTheSweep() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-scan");
      listSetup(p, 2000, 300);
      boolean[] every = new boolean[1 << 12];
      java.util.Arrays.fill(every, true);
      long whole;
      try (Heap h = Heap.open(p, BEFORE_OPEN_RETURNS)) {
        whole = ClassScan.of(h, every, 1).size();
      }
      Pause pause = new Pause().at(0);
      try (Heap h = Heap.open(p, BACKGROUND)) {
        pause.awaitReached();
        CompletableFuture<Long> scan =
            CompletableFuture.supplyAsync(() -> ClassScan.of(h, every, 1).size());
        assertThrows(
            java.util.concurrent.TimeoutException.class,
            () -> scan.get(500, TimeUnit.MILLISECONDS),
            "the walk finished while the mark was held");
        pause.release();
        assertEquals(whole, scan.get(BOUND_SECONDS, TimeUnit.SECONDS));
      }
    }
  }

  @Test
  void readsWritesAllocationsAndFreesRunWhileTheMarkRuns() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-list");
      listSetup(p, 2000, 300);
      Pause pause = new Pause().at(0); // holds at the first object read
      try (Heap h = Heap.open(p, BACKGROUND)) {
        pause.awaitReached();
        RecoveryReport partial = h.recoveryReport();
        assertFalse(partial.complete(), partial::toString);
        assertFalse(h.recovered());
        Node head = h.roots().get("list");
        assertEquals(0, head.value(), "reads are served at once");
        // unlink and free the second node, keep going from the head
        Node second = head.next();
        head.next(second.next());
        h.free(second);
        assertFalse(h.isLive(second.offset()), "freed, deferred until the sweep");
        assertThrows(IllegalStateException.class, () -> h.free(second), "double free");
        // allocate and link new nodes: served from chunks free when the heap opened
        List<Node> fresh = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
          Node f = new Node(h, 10_000 + i);
          f.next(head.next());
          f.persist();
          head.next(f);
          fresh.add(f);
        }
        Node gone = fresh.get(0); // unlink one new node and free it at once
        fresh.get(1).next(gone.next());
        h.free(gone);
        pause.release();
        RecoveryReport r = h.awaitRecovery();
        assertTrue(r.complete());
        assertEquals(300, r.reclaimed(), r::toString);
        assertTrue(h.verify().ok(), () -> h.verify().toString());
        assertFalse(h.isLive(second.offset()));
        assertEquals(2000 - 1 + 499, length(head));
        for (int i = 0; i < 2000; i++) new Node(h, -2).persist(); // reuses the freed slots
        assertEquals(2000 - 1 + 499, length(h.roots().get("list")));
      }
      try (Heap h = Heap.open(p, BEFORE_OPEN_RETURNS)) {
        assertEquals(2000 - 1 + 499, length(h.roots().get("list")));
        assertEquals(2000, h.recoveryReport().reclaimed(), "the unlinked -2 nodes");
      }
    }
  }

  private static int length(Node head) {
    int n = 0;
    for (Node x = head; x != null; x = x.next()) n++;
    return n;
  }

  @Test
  void theReportMatchesARecoveryBeforeTheOpenReturns() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-report");
      listSetup(p, 3000, 123);
      Path copy = heaps.path("bg-report-copy");
      Files.copy(p, copy, StandardCopyOption.REPLACE_EXISTING);
      RecoveryReport sync;
      try (Heap h = Heap.open(copy, BEFORE_OPEN_RETURNS)) {
        sync = h.recoveryReport();
      }
      try (Heap h = Heap.open(p, BACKGROUND)) {
        RecoveryReport bg = h.awaitRecovery();
        assertEquals(sync.liveObjects(), bg.liveObjects(), bg::toString);
        assertEquals(sync.reclaimed(), bg.reclaimed());
        assertEquals(sync.freeChunks(), bg.freeChunks());
        assertTrue(bg.openNanos() <= bg.totalNanos(), bg::toString);
        assertEquals(bg, h.recoveryReport());
      }
    }
  }

  /**
   * A heap at its maximum with no chunk free at the snapshot: an allocation waits for the sweep.
   */
  @Test
  void anAllocationThatFindsNoFreeSpaceWaitsForTheSweep() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-full");
      long size = HeapGeometry.minHeapSize() + 8 * HeapGeometry.CHUNK;
      try (Heap h = Heap.create(p, size, HeapOptions.DEFAULT.withGrowAhead(false))) {
        assertThrows(
            HeapFullException.class,
            () -> {
              while (true) new Node(h, 7).persist(); // all garbage, fills the heap
            });
      }
      Pause pause = new Pause().at(0);
      try (Heap h = Heap.open(p, BACKGROUND)) {
        pause.awaitReached();
        CompletableFuture<Long> alloc =
            CompletableFuture.supplyAsync(
                () -> {
                  Node n = new Node(h, 8);
                  assertTrue(pause.released.get(), "served before the sweep found room");
                  return n.offset();
                });
        pause.release();
        long off = alloc.get(BOUND_SECONDS, TimeUnit.SECONDS);
        assertTrue(h.isLive(off));
        assertTrue(h.awaitRecovery().reclaimed() > 0);
      }
    }
  }

  @Test
  void closeDuringTheMarkStopsIt() throws Exception {
    try (TestHeaps heaps = new TestHeaps()) {
      Path p = heaps.path("bg-close");
      listSetup(p, 500, 0);
      Pause pause = new Pause().at(0);
      Heap h = Heap.open(p, BACKGROUND);
      pause.awaitReached();
      CompletableFuture<Void> closing = CompletableFuture.runAsync(h::close);
      pause.release();
      closing.get(BOUND_SECONDS, TimeUnit.SECONDS);
      assertTrue(h.isClosed());
      try (Heap again = Heap.open(p, BEFORE_OPEN_RETURNS)) {
        assertEquals(500, length(again.roots().get("list")));
        assertNull(again.roots().get("none"));
        assertNotNull(again.recoveryReport());
      }
    }
  }
}
