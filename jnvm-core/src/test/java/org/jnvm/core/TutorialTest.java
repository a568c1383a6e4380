package org.jnvm.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/** The README's examples, executed. */
class TutorialTest {

  /** The README's low-level example, verbatim but for the path; returns the value it sees. */
  static long readmeExample(Path path) {
    try (Heap heap = Heap.openOrCreate(path, 64 << 20)) { // recovers if it exists
      Node n = heap.roots().get("head");
      if (n == null) {
        n = new Node(heap, 42); // reserve: zeroed, not yet part of the heap
        n.persist(); // write back + fence: its data is durable
        heap.roots().put("head", n); // publish: one durable 8-byte store
      }
      return n.value();
    }
  }

  @Test
  void readmeExampleRunsTwiceAndSeesItsOwnState() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("readme");
      assertEquals(42, readmeExample(p));
      assertEquals(42, readmeExample(p));
    }
  }

  @Test
  void facadeInitRootFreeAndReinit() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      String path = t.path("facade").toString();
      JNVM.init(path, 1 << 20);
      try {
        assertThrows(JnvmException.class, () -> JNVM.init(path, 1 << 20));
        if (!JNVM.root.exists("simple")) JNVM.root.put("simple", new Node(JNVM.heap(), 42));
        Node extra = new Node(JNVM.heap(), 1);
        JNVM.free(extra);
      } finally {
        JNVM.close();
      }
      JnvmException e = assertThrows(JnvmException.class, JNVM::heap);
      assertTrue(e.getMessage().contains("not initialised"), e.getMessage());
      JNVM.init(path, 1 << 20);
      try {
        Node s = JNVM.root.get("simple");
        assertEquals(42, s.value());
        assertTrue(JNVM.root.remove("simple"));
      } finally {
        JNVM.close();
      }
    }
  }

  @Test
  void useMakesAnOpenHeapTheDefaultAndRefusesAClosedOne() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap a = t.create("use-a", 1 << 20);
      Heap b = t.create("use-b", 1 << 20);
      try {
        JNVM.use(a);
        assertEquals(a, JNVM.heap());
        assertEquals(a, JNVM.use(b));
        assertEquals(b, JNVM.heap());
        a.close();
        JnvmException e = assertThrows(JnvmException.class, () -> JNVM.use(a));
        assertTrue(e.getMessage().contains("closed"), e.getMessage());
        assertEquals(b, JNVM.heap());
        Object plain = "not persistent";
        e = assertThrows(JnvmException.class, () -> JNVM.root.put("x", plain));
        assertTrue(e.getMessage().contains("class=java.lang.String"), e.getMessage());
        e = assertThrows(JnvmException.class, () -> JNVM.free(plain));
        assertTrue(e.getMessage().contains("code generator"), e.getMessage());
      } finally {
        JNVM.close();
      }
      assertTrue(b.isClosed());
    }
  }

  @Test
  void failureAtomicBlocksWithoutJpfaSayWhatIsMissing() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      JNVM.init(t.path("fa").toString(), 1 << 20);
      try {
        JnvmException e = assertThrows(JnvmException.class, () -> JNVM.fa(() -> {}));
        assertTrue(e.getMessage().contains("jpfa module"), e.getMessage());
      } finally {
        JNVM.close();
      }
    }
  }
}
