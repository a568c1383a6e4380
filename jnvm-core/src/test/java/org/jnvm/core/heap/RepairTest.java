package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;

/**
 * Malformed root chains and the repair's backup: a root segment cycle is found at its first repeat
 * (by check, by open) and cut by the repair with every root kept; the backup is a sparse copy; no
 * room for it is a clear refusal that leaves the heap as it was.
 */
class RepairTest {
  private static final int ROOTS = RootSegmentLayout.ENTRIES + 9; // two segments

  /** A heap with {@link #ROOTS} roots; returns the file offset of its second segment's next. */
  private static long twoSegments(Path p) {
    try (Heap h = Heap.create(p, 1 << 20)) {
      for (int i = 0; i < ROOTS; i++) h.roots().put("r" + i, new Node(h, i));
      long first = SuperblockLayout.rootsOffset(h.base());
      long second = RootSegmentLayout.next(h.base() + first);
      assertTrue(second != 0, "the roots fill two segments");
      assertEquals(0, RootSegmentLayout.next(h.base() + second));
      return RootSegmentLayout.nextAddress(h.base() + second) - h.base();
    }
  }

  private static long firstSegment(Path p) {
    try (Heap h = Heap.open(p)) {
      return SuperblockLayout.rootsOffset(h.base());
    }
  }

  @Test
  void aRootSegmentCycleIsFoundAtItsFirstRepeatAndCutByRepair() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("cycle");
      long nextField = twoSegments(p);
      poke(p, nextField, firstSegment(p));
      HeapCorruptException e = assertThrows(HeapCorruptException.class, () -> Heap.open(p));
      assertTrue(e.getMessage().contains("cycle in the root segment chain"), e.getMessage());
      assertTrue(e.getMessage().contains("reached again after 2 link(s)"), e.getMessage());
      HeapCheck.Result c = HeapCheck.check(p);
      assertFalse(c.ok(), c::toString);
      assertTrue(c.toString().contains("cycle in the root segment chain"), c::toString);

      HeapRepair.Result r = HeapRepair.repair(p);
      t.track(r.backup());
      assertTrue(r.cut().get(0).contains("root segment chain cycle cut"), r.cut()::toString);
      assertTrue(r.after().ok(), r.after()::toString);
      assertTrue(r.lost().isEmpty(), r.lost()::toString);
      try (Heap h = Heap.open(p)) {
        for (int i = 0; i < ROOTS; i++) assertEquals(i, h.roots().<Node>get("r" + i).value());
      }
    }
  }

  @Test
  void aSelfLoopIsFoundToo() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("selfloop");
      create(p);
      long first = firstSegment(p);
      poke(p, first + ObjectLayout.HEADER + RootSegmentLayout.NEXT_OFFSET, first);
      HeapCorruptException e = assertThrows(HeapCorruptException.class, () -> Heap.open(p));
      assertTrue(e.getMessage().contains("reached again after 1 link(s)"), e.getMessage());
    }
  }

  private static Path create(Path p) {
    try (Heap h = Heap.create(p, 1 << 20)) {
      h.roots().put("only", new Node(h, 7));
    }
    return p;
  }

  /** A 64 MiB heap holding a few KiB: the backup of its repair takes a few blocks, not 64 MiB. */
  @Test
  void theBackupKeepsTheHolesAndIsTheDamagedFile() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("sparse");
      long valueField;
      try (Heap h = Heap.create(p, 64L << 20)) {
        h.roots().put("kept", new Node(h, 1));
        Node bad = new Node(h, 2);
        h.roots().put("bad", bad);
        valueField = find(h, bad.offset());
      }
      poke(p, valueField, 0x40);
      byte[] damaged = Files.readAllBytes(p);
      HeapRepair.Result r = HeapRepair.repair(p);
      t.track(r.backup());
      assertArrayEquals(damaged, Files.readAllBytes(r.backup()), "the backup is the damaged file");
      long allocated = allocatedBytes(r.backup());
      assertTrue(allocated < (8L << 20), "backup allocates " + allocated + " bytes of 64 MiB");
      assertEquals(1, r.lost().size(), r.lost()::toString);
      assertTrue(r.lost().get(0).startsWith("root \"bad\""), r.lost()::toString);
      assertTrue(r.after().ok(), r.after()::toString);
    }
  }

  @Test
  void noRoomForTheBackupIsAClearRefusalAndChangesNothing() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("noroom");
      long valueField;
      try (Heap h = Heap.create(p, 1 << 20)) {
        Node bad = new Node(h, 2);
        h.roots().put("bad", bad);
        valueField = find(h, bad.offset());
      }
      poke(p, valueField, 0x40);
      byte[] damaged = Files.readAllBytes(p);
      Path notADir = t.path("not-a-directory");
      Files.writeString(notADir, "x");
      HeapAccessException e =
          assertThrows(HeapAccessException.class, () -> HeapRepair.repair(p, notADir));
      assertTrue(e.getMessage().contains("cannot write the backup copy"), e.getMessage());
      assertTrue(e.getMessage().contains(p.toString()), e.getMessage());
      assertArrayEquals(damaged, Files.readAllBytes(p), "nothing repaired without a backup");
      assertNotNull(e.getCause(), "keeps the cause");
    }
  }

  /** Blocks the file system gave the file (du), in bytes. */
  private static long allocatedBytes(Path f) throws Exception {
    Process pr = new ProcessBuilder("du", "-B1", f.toString()).redirectErrorStream(true).start();
    String line = new String(pr.getInputStream().readAllBytes()).trim();
    assertEquals(0, pr.waitFor(), line);
    return Long.parseLong(line.split("\\s+")[0]);
  }

  /** The file offset of the root entry word that holds {@code value}. */
  private static long find(Heap h, long value) {
    for (long at = 0; at < h.size(); at += 8) {
      if (at != value && Pmem.getLong(h.base() + at) == value) return at;
    }
    throw new AssertionError("no word holds 0x" + Long.toHexString(value));
  }

  private static void poke(Path p, long at, long v) throws Exception {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ch.write(ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, v), at);
    }
  }
}
