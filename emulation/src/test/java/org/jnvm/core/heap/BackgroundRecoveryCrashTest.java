package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jnvm.emulation.crash.CrashConfig;
import org.jnvm.emulation.crash.CrashModel;
import org.jnvm.emulation.crash.CrashStats;
import org.jnvm.emulation.crash.CrashTest;
import org.jnvm.emulation.crash.Linearizable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Crashes while recovery's mark runs in the background ({@link BackgroundRecovery}), EVICTION
 * model. The tracked workload is the open itself (log replay and the start of the mark) and then,
 * with the mark held just after it read root "b" (not the list) so that every step races it, a
 * program that moves a reference out of an object the mark has not read, links newly allocated
 * nodes (served from chunks free at the snapshot), unlinks and frees an older node (a deferred
 * free); then it lets the mark and sweep finish and allocates again from what the sweep found.
 * Every image must recover to an acknowledged state and verify; at the end the running heap itself
 * must verify (no live object freed by the sweep) and hold what the program built. (In package
 * {@code org.jnvm.core.heap} for the mark's test hook.)
 */
class BackgroundRecoveryCrashTest {
  private static final int NODES = 6;
  private static final long BOUND_SECONDS = 120;

  @AfterEach
  void clearHook() {
    BackgroundRecovery.afterScanForTests = null;
  }

  /** The list's values from root "list", then "|", then the values hanging off root "b". */
  private static List<Long> state(Heap h) {
    List<Long> out = new ArrayList<>();
    for (Node n = h.roots().get("list"); n != null; n = n.next()) out.add(n.value());
    out.add(-1L);
    for (Node n = h.roots().get("b"); n != null; n = n.next()) out.add(n.value());
    return out;
  }

  private static List<Long> list(long... v) {
    List<Long> l = new ArrayList<>();
    for (long x : v) l.add(x);
    return l;
  }

  @Test
  void crashesWhileTheMarkRunsBesideMovesAllocationsAndFrees() {
    CountDownLatch release = new CountDownLatch(1);
    AtomicBoolean armed = new AtomicBoolean();
    java.util.concurrent.atomic.AtomicLong bAt = new java.util.concurrent.atomic.AtomicLong();
    // list 0..5 with 100 ahead of it; b -> 200; 300 is garbage
    Linearizable<List<Long>> h =
        new Linearizable<>(list(0, 1, 2, 3, 4, 5, -1, 200))
            .then(list(0, 1, 2, 3, 4, 5, -1, 200, 2, 3, 4, 5)) // b also points at node 2
            .then(list(0, 1, 3, 4, 5, -1, 200, 2, 3, 4, 5)) // list skips 2: moved to b only
            .then(list(0, 10, 1, 3, 4, 5, -1, 200, 2, 3, 4, 5)) // a new node
            .then(list(0, 10, 3, 4, 5, -1, 200, 2, 3, 4, 5)) // 1 unlinked (then freed)
            .then(list(0, 11, 10, 3, 4, 5, -1, 200, 2, 3, 4, 5)); // after the sweep
    CrashStats s =
        CrashTest.named("core: background mark beside moves, allocations and frees")
            .config(CrashConfig.standard(CrashModel.EVICTION))
            .heapSize(1 << 20)
            .options(HeapOptions.DEFAULT.withBackgroundRecovery(true).withGrowAhead(false))
            .setup(
                heap -> {
                  Node next = null;
                  for (int i = NODES - 1; i >= 0; i--) {
                    Node n = new Node(heap, i);
                    n.next(next);
                    n.persist();
                    next = n;
                  }
                  heap.roots().put("list", next);
                  Node b = new Node(heap, 200);
                  b.persist();
                  heap.roots().put("b", b); // the mark reads b before the list's head
                  bAt.set(b.offset());
                  new Node(heap, 300).persist();
                  armed.set(true);
                  BackgroundRecovery.afterScanForTests =
                      off -> {
                        if (off == bAt.get() && armed.compareAndSet(true, false)) {
                          awaitQuietly(release);
                        }
                      };
                })
            .crashDuringRecovery()
            .workload(
                heap -> {
                  try {
                    program(heap, h, release);
                  } finally {
                    release.countDown();
                  }
                })
            .check(heap -> h.check(state(heap)))
            .run();
    assertTrue(s.fences() > 5, s::toString);
  }

  private static void program(Heap heap, Linearizable<List<Long>> h, CountDownLatch release) {
    assertFalse(heap.recovered(), "the mark is held: every step below races it");
    Node head = heap.roots().get("list");
    Node b = heap.roots().get("b");
    Node one = head.next();
    Node two = one.next();
    b.next(two); // 2 is now reachable from b too
    b.persist();
    h.ack();
    one.next(two.next()); // and from b only: its reference left an object the mark had not read
    one.persist();
    h.ack();
    Node ten = new Node(heap, 10);
    ten.next(one);
    ten.persist();
    head.next(ten);
    head.persist();
    h.ack();
    ten.next(one.next());
    ten.persist();
    heap.free(one); // an object of the snapshot: its free waits for the sweep
    h.ack();
    release.countDown();
    RecoveryReport r = heap.awaitRecovery();
    assertEquals(1, r.reclaimed(), r::toString); // node 300 only
    Node eleven = new Node(heap, 11); // may reuse 300's or 1's slot, never a live one
    eleven.next(ten);
    eleven.persist();
    head.next(eleven);
    head.persist();
    h.ack();
    VerifyReport v = heap.verify();
    assertTrue(v.ok(), v::toString);
    assertEquals(list(0, 11, 10, 3, 4, 5, -1, 200, 2, 3, 4, 5), state(heap));
  }

  private static void awaitQuietly(CountDownLatch l) {
    try {
      l.await(BOUND_SECONDS, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
