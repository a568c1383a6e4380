package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HeapTest {

  @Test
  void objectsAndRootsSurviveCloseAndReopen() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("reopen");
      try (Heap h = Heap.create(p, 1 << 20)) {
        Node a = new Node(h, 1);
        Node b = new Node(h, 2);
        Blob label = new Blob(h, "héllo");
        label.persist();
        b.label(label);
        b.persist();
        a.next(b);
        a.persist();
        h.roots().put("list", a);
      }
      try (Heap h = Heap.open(p)) {
        Node a = h.roots().get("list");
        assertEquals(1, a.value());
        assertEquals(2, a.next().value());
        assertEquals("héllo", a.next().label().text());
        assertNull(a.next().next());
        assertEquals(Set.of("list"), h.roots().names());
        assertEquals(
            8, h.recoveryReport().liveObjects(), "2 segments, 2 classes, 3 objects, 1 name");
        assertTrue(h.verify().ok(), () -> h.verify().toString());
      }
    }
  }

  @Test
  void addressOfChecksTheClassFromTheHeaderAlone() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      try (Heap h = Heap.create(t.path("address-of"), 1 << 20)) {
        Node n = new Node(h, 7);
        Blob b = new Blob(h, "x");
        assertEquals(n.address(), h.addressOf(n.offset(), Node.TYPE));
        HeapCorruptException wrong =
            assertThrows(HeapCorruptException.class, () -> h.addressOf(b.offset(), Node.TYPE));
        assertTrue(wrong.getMessage().contains("expected an object of class " + Node.TYPE.name()));
        HeapCorruptException outside =
            assertThrows(HeapCorruptException.class, () -> h.addressOf(h.size(), Node.TYPE));
        assertTrue(outside.getMessage().contains("outside the heap"), outside.getMessage());
        assertThrows(HeapCorruptException.class, () -> h.addressOf(0, Node.TYPE));
      }
    }
  }

  @Test
  void everyPrimitiveTypeRoundTrips() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("prims");
      try (Heap h = Heap.create(p, 1 << 20)) {
        Prims x = new Prims(h);
        x.fill();
        x.persist();
        h.roots().put("p", x);
      }
      try (Heap h = Heap.open(p)) {
        Prims x = h.roots().get("p");
        assertTrue(x.z());
        assertEquals(-7, x.b());
        assertEquals(-30000, x.s());
        assertEquals('\u20ac', x.c());
        assertEquals(Integer.MIN_VALUE + 3, x.i());
        assertEquals(1.5f, x.f());
        assertEquals(Long.MAX_VALUE - 1, x.j());
        assertEquals(Math.PI, x.d());
        assertEquals(x, x.self());
      }
    }
  }

  @Test
  void rootsPutReplaceRemove() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("roots");
      try (Heap h = Heap.create(p, 1 << 20)) {
        for (int i = 0; i < 100; i++) { // several root segments
          Node n = new Node(h, i);
          h.roots().put("n" + i, n);
        }
        h.roots().put("n7", new Node(h, 700));
        assertTrue(h.roots().remove("n8"));
        assertFalse(h.roots().remove("n8"));
        assertFalse(h.roots().exists("n8"));
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(99, h.roots().names().size());
        assertEquals(700, h.roots().<Node>get("n7").value());
        assertEquals(99, h.roots().<Node>get("n99").value());
        assertNull(h.roots().get("n8"));
        // 99 live nodes + 99 names + 1 replaced node and name 8 reclaimed (their slots freed)
        assertEquals(2, h.recoveryReport().reclaimed(), h.recoveryReport()::toString);
        assertTrue(h.verify().ok(), () -> h.verify().toString());
      }
    }
  }

  @Test
  void unreachableObjectsAreReclaimedAtRecovery() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("reclaim");
      try (Heap h = Heap.create(p, 1 << 20)) {
        for (int i = 0; i < 500; i++) new Node(h, i).persist(); // never published
        h.roots().put("keep", new Node(h, -1));
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(500, h.recoveryReport().reclaimed());
        assertEquals(-1, h.roots().<Node>get("keep").value());
      }
    }
  }

  @Test
  void largeObjectsSpanChunksAndAreFreedWhole() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("large");
      byte[] big = new byte[300_000];
      new java.util.Random(1).nextBytes(big);
      try (Heap h = Heap.create(p, 4 << 20)) {
        h.free(new Blob(h, "registers the class first"));
        int before = h.freeChunks();
        Blob b = new Blob(h, big);
        assertEquals(before - 5, h.freeChunks(), "300000+8 bytes take 5 chunks of 64 KiB");
        b.persist();
        h.roots().put("big", b);
        Blob gone = new Blob(h, big);
        h.free(gone);
        assertEquals(before - 5, h.freeChunks());
      }
      try (Heap h = Heap.open(p)) {
        assertArrayEquals(big, h.roots().<Blob>get("big").bytes());
      }
    }
  }

  @Test
  void twoHeapsOpenAtOnceInOneJvm() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap a = t.create("a", 1 << 20);
      Heap b = t.create("b", 1 << 20);
      a.roots().put("x", new Node(a, 1));
      b.roots().put("x", new Node(b, 2));
      assertEquals(1, a.roots().<Node>get("x").value());
      assertEquals(2, b.roots().<Node>get("x").value());
      Node fromA = a.roots().get("x");
      Node inB = new Node(b, 3);
      assertThrows(IllegalArgumentException.class, () -> inB.next(fromA));
    }
  }

  @Test
  void freeReusesMemoryAndRefusesDoubleFree() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("free", 1 << 20);
      Node n = new Node(h, 1);
      long addr = n.address();
      h.free(n);
      IllegalStateException e = assertThrows(IllegalStateException.class, () -> h.free(n));
      assertTrue(e.getMessage().startsWith("double free"), e.getMessage());
      assertEquals(addr, new Node(h, 2).address(), "the freed slot is reused first");
    }
  }

  @Test
  void heapFileIsOwnerOnly() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("perm", 1 << 20);
      assertEquals(
          "rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(h.file())));
    }
  }

  @Test
  void closeIsIdempotentAndOpenOrCreateReopens() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("ooc");
      Heap h = Heap.openOrCreate(p, 1 << 20);
      h.roots().put("n", new Node(h, 5));
      h.close();
      h.close();
      try (Heap again = Heap.openOrCreate(p, 999)) {
        assertEquals(5, again.roots().<Node>get("n").value());
        assertEquals(1 << 20, again.size(), "existing heap keeps its size");
      }
    }
  }

  @Test
  void proxiesAreResurrectedByTheirFactory() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("factory", 1 << 20);
      Node n = new Node(h, 9);
      h.roots().put("n", n);
      Node again = h.object(n.offset());
      assertEquals(n, again);
      assertSame(Node.class, again.getClass());
      assertThrows(HeapCorruptException.class, () -> h.object(n.offset() + 64));
    }
  }

  @Test
  void offsetOfNamesARootWithoutAProxy() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("offset-of", 1 << 20);
      Node n = new Node(h, 3);
      h.roots().put("n", n);
      assertEquals(n.offset(), h.roots().offsetOf("n"));
      assertEquals(0, h.roots().offsetOf("missing"));
    }
  }
}
