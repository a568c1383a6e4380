package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;

/** Several threads allocate, link and free at once: no slot is handed out twice. */
class ConcurrencyTest {

  @Test
  void threadsAllocateAndFreeWithoutOverlap() throws Exception {
    int threads = 4;
    int perThread = 20_000;
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("mt");
      try (Heap h = Heap.create(p, 32 << 20)) {
        ExecutorService pool = Executors.newFixedThreadPool(threads);
        List<Future<Node>> heads = new ArrayList<>();
        for (int k = 0; k < threads; k++) {
          int id = k;
          heads.add(pool.submit(() -> chain(h, id, perThread)));
        }
        Set<Long> seen = new HashSet<>();
        for (int k = 0; k < threads; k++) {
          Node head = heads.get(k).get();
          h.roots().put("t" + k, head);
          int count = 0;
          for (Node n = head; n != null; n = n.next(), count++) {
            assertEquals(k, n.tag(), "object owned by thread " + k);
            assertTrue(seen.add(n.address()), "address handed out twice");
          }
          assertEquals(perThread / 2, count);
        }
        pool.shutdown();
      }
      try (Heap h = Heap.open(p, HeapOptions.DEFAULT.withRecoveryThreads(2))) {
        assertTrue(h.verify().ok(), () -> h.verify().toString());
        assertEquals(threads * (perThread / 2), h.recoveryReport().liveObjects() - 2 - 1 - threads);
      }
    }
  }

  /** Allocates perThread nodes, keeps every other one in a chain, frees the rest. */
  private static Node chain(Heap h, int tag, int perThread) {
    Node head = null;
    for (int i = 0; i < perThread; i++) {
      Node n = new Node(h, i);
      n.tag(tag);
      if (i % 2 == 0) {
        n.next(head);
        n.persist();
        head = n;
      } else {
        h.free(n);
      }
    }
    return head;
  }

  @Test
  void parallelAndSerialRecoveryAgree() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("par");
      try (Heap h = Heap.create(p, 64 << 20)) {
        for (int r = 0; r < 8; r++) {
          Node head = null;
          for (int i = 0; i < 20_000; i++) {
            Node n = new Node(h, i);
            n.next(head);
            head = n;
            if (i % 3 == 0) new Blob(h, new byte[i % 700]); // garbage of several classes
          }
          h.roots().put("r" + r, head);
        }
      }
      RecoveryReport serial;
      try (Heap h = Heap.open(p, HeapOptions.DEFAULT.withRecoveryThreads(1))) {
        serial = h.recoveryReport();
      }
      for (int threads : new int[] {2, 4}) {
        try (Heap h = Heap.open(p, HeapOptions.DEFAULT.withRecoveryThreads(threads))) {
          RecoveryReport r = h.recoveryReport();
          assertEquals(serial.liveObjects(), r.liveObjects());
          assertEquals(serial.reclaimed(), r.reclaimed());
          assertEquals(serial.freeChunks(), r.freeChunks());
          assertEquals(threads, r.threads());
        }
      }
      assertEquals(8 * 20_000 + 8 + 2 + 2, serial.liveObjects(), serial::toString);
    }
  }
}
