package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.JnvmException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Each kind of bad input: a clear exception naming the file and the problem; file unchanged. */
class BadInputTest {

  /** A heap file with one published object, to be damaged by each test. */
  private static Path goodHeap(TestHeaps t, String name) {
    Path p = t.path(name);
    try (Heap h = Heap.create(p, 1 << 20)) {
      h.roots().put("n", new Node(h, 42));
    }
    return p;
  }

  private static void assertRefused(Path p, Class<? extends JnvmException> type, String words)
      throws Exception {
    byte[] before = digest(p);
    Executable open = () -> Heap.open(p).close();
    JnvmException e = assertThrows(type, open);
    assertTrue(e.getMessage().contains(words), e.getMessage());
    assertTrue(e.getMessage().contains(p.toString()), "names the file: " + e.getMessage());
    assertArrayEquals(before, digest(p), "file unchanged");
  }

  private static byte[] digest(Path p) throws Exception {
    return MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p));
  }

  private static void patch(Path p, long pos, byte[] bytes) throws Exception {
    try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
      f.seek(pos);
      f.write(bytes);
    }
  }

  @Test
  void notAHeap() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("text");
      Files.writeString(
          p, "this is a text file, long enough to look at its first 128 bytes. ".repeat(4));
      assertRefused(p, HeapFormatException.class, "not a J-NVM heap: bad magic");
      Path tiny = t.path("tiny");
      Files.write(tiny, new byte[10]);
      assertRefused(tiny, HeapFormatException.class, "file too short");
    }
  }

  @Test
  void truncated() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = goodHeap(t, "trunc");
      try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
        f.setLength(f.length() - 4096);
      }
      assertRefused(p, HeapFormatException.class, "truncated heap");
    }
  }

  @Test
  void badChecksum() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = goodHeap(t, "crc");
      patch(p, SuperblockLayout.CREATED_OFFSET, new byte[] {1, 2, 3});
      assertRefused(p, HeapFormatException.class, "corrupted superblock: checksum");
    }
  }

  @Test
  void unknownMajorVersion() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = goodHeap(t, "major");
      patch(p, SuperblockLayout.MAJOR_OFFSET, new byte[] {9, 0});
      assertRefused(
          p,
          HeapFormatException.class,
          "file has 9." + SuperblockLayout.MINOR + ", this J-NVM reads 1.x");
    }
  }

  @Test
  void corruptReferenceIsReportedNotFollowed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("badref");
      long nodeOffset;
      try (Heap h = Heap.create(p, 1 << 20)) {
        Node n = new Node(h, 1);
        h.roots().put("n", n);
        nodeOffset = n.offset();
      }
      // point n.next into the middle of nowhere (inside the data area, not an object)
      byte[] bad =
          java.nio.ByteBuffer.allocate(8)
              .order(java.nio.ByteOrder.LITTLE_ENDIAN)
              .putLong(nodeOffset + 24)
              .array();
      patch(p, nodeOffset + ObjectLayout.HEADER + Node.NEXT, bad);
      assertRefused(
          p, HeapCorruptException.class, "bad reference from 0x" + Long.toHexString(nodeOffset));
    }
  }

  @Test
  void heapSizeOutOfRange() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("small");
      HeapAccessException e = assertThrows(HeapAccessException.class, () -> Heap.create(p, 4096));
      assertTrue(e.getMessage().contains("heap size out of range: requested=4096"), e.getMessage());
      assertFalse(Files.exists(p));
      e = assertThrows(HeapAccessException.class, () -> Heap.create(p, 1L << 47));
      assertTrue(e.getMessage().contains("max=" + (1L << 46)), e.getMessage());
      assertFalse(Files.exists(p));
    }
  }

  @Test
  void missingAndReadOnlyDirectories() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path missing = t.path("nodir").resolve("heap");
      HeapAccessException e =
          assertThrows(HeapAccessException.class, () -> Heap.create(missing, 1 << 20));
      assertTrue(e.getMessage().contains("heap directory does not exist"), e.getMessage());
      assertThrows(HeapAccessException.class, () -> Heap.open(missing));
      Path dir = Files.createDirectory(t.path("rodir"));
      dir.toFile().setWritable(false);
      try {
        if (!Files.isWritable(dir)) { // root may write anyway
          e = assertThrows(HeapAccessException.class, () -> Heap.create(dir.resolve("h"), 1 << 20));
          assertTrue(e.getMessage().contains("not writable"), e.getMessage());
        }
      } finally {
        dir.toFile().setWritable(true);
      }
    }
  }

  @Test
  void createNeverOverwritesAndOpenNeverFormats() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = goodHeap(t, "exists");
      byte[] before = digest(p);
      HeapAccessException e =
          assertThrows(HeapAccessException.class, () -> Heap.create(p, 1 << 20));
      assertTrue(e.getMessage().contains("already exists"), e.getMessage());
      assertArrayEquals(before, digest(p));
      Path none = t.path("none");
      assertThrows(HeapAccessException.class, () -> Heap.open(none));
      assertFalse(Files.exists(none));
    }
  }

  @Test
  void heapFullLeavesEarlierObjectsIntact() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("full");
      List<Node> kept = new ArrayList<>();
      try (Heap h = Heap.create(p, HeapGeometry.minHeapSize())) {
        Node head = null;
        HeapFullException full = null;
        try {
          for (int i = 0; ; i++) {
            Node n = new Node(h, i);
            n.next(head);
            n.persist();
            head = n;
            kept.add(n);
            if (i % 100 == 0) h.roots().put("head", head);
          }
        } catch (HeapFullException e) {
          full = e;
        }
        assertTrue(full.getMessage().startsWith("heap full: requested="), full.getMessage());
        assertTrue(full.getMessage().contains(p.toString()));
        h.roots().put("head", head);
        assertEquals(kept.size() - 1, ((Node) h.roots().get("head")).value());
      }
      try (Heap h = Heap.open(p)) {
        int count = 0;
        for (Node n = h.roots().get("head"); n != null; n = n.next()) {
          assertEquals(kept.size() - 1 - count, n.value());
          count++;
        }
        assertEquals(kept.size(), count);
        assertTrue(h.verify().ok());
      }
    }
  }

  @Test
  void secondOpenInTheSameJvmIsRefused() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Heap h = t.create("twice", 1 << 20);
      HeapAccessException e = assertThrows(HeapAccessException.class, () -> Heap.open(h.file()));
      assertTrue(e.getMessage().contains("already open in this JVM"), e.getMessage());
    }
  }

  /** Holds a heap open in a child JVM until told to stop. */
  public static final class Holder {
    public static void main(String[] args) throws Exception {
      try (Heap h = Heap.open(Path.of(args[0]))) {
        System.out.println("OPEN " + h.roots().names());
        System.out.flush();
        System.in.read();
      }
    }
  }

  @Test
  void heapLockedByAnotherProcessIsRefused() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = goodHeap(t, "locked");
      Process child = ChildJvm.start(Holder.class, ChildJvm.gatewayFlags(), p.toString());
      try {
        BufferedReader out =
            new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        String line;
        while ((line = out.readLine()) != null && !line.startsWith("OPEN")) {
          // skip the gateway's start-up line
        }
        assertEquals("OPEN [n]", line);
        assertRefused(p, HeapAccessException.class, "in use by another process");
      } finally {
        child.getOutputStream().close();
        assertTrue(child.waitFor(30, TimeUnit.SECONDS));
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(42, h.roots().<Node>get("n").value());
      }
    }
  }
}
