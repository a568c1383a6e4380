package org.jnvm.core.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/**
 * {@code jnvm check} on damaged heaps: every problem listed, exit 1 for problems (a heap that does
 * not open included), 2 only for a file that is not readable as a heap; {@code info} shows the
 * superblock and roots of a heap that does not open; neither writes.
 */
class CheckCommandTest {
  private String out;
  private String err;

  private int run(String... args) {
    PrintStream o = System.out;
    PrintStream e = System.err;
    ByteArrayOutputStream bo = new ByteArrayOutputStream();
    ByteArrayOutputStream be = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bo, true, StandardCharsets.UTF_8));
    System.setErr(new PrintStream(be, true, StandardCharsets.UTF_8));
    try {
      return Main.run(args);
    } finally {
      System.setOut(o);
      System.setErr(e);
      out = bo.toString(StandardCharsets.UTF_8);
      err = be.toString(StandardCharsets.UTF_8);
    }
  }

  /** Writes {@code v} at file offset {@code at}. */
  static void poke(Path p, long at, long v) throws Exception {
    try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
      ByteBuffer b = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN).putLong(0, v);
      ch.write(b, at);
    }
  }

  @Test
  void twoDanglingReferencesAreBothListedWithExitOne() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("dangling");
      long[] nextFields = new long[2];
      try (Heap h = Heap.create(p, 1 << 20)) {
        for (int i = 0; i < 2; i++) {
          Node a = new Node(h, i);
          Node b = new Node(h, 10 + i);
          b.persist();
          a.persist();
          a.next(b);
          h.roots().put("r" + i, a);
          nextFields[i] = a.offset() + ObjectLayout.HEADER + 8;
        }
        h.roots().put("intact", new Node(h, 99));
      }
      for (long f : nextFields) poke(p, f, 0x12345640L); // line-aligned, outside any object
      byte[] before = Files.readAllBytes(p);
      assertEquals(1, run("check", p.toString()), err);
      assertTrue(out.contains("does not open"), out);
      assertEquals(2, count(out, "0x12345640"), out);
      assertEquals(1, run("info", p.toString()), err);
      assertTrue(out.contains("format          2.1"), out);
      assertTrue(out.contains("  r0 -> 0x") && out.contains("  intact -> 0x"), out);
      assertTrue(out.contains(" " + Node.class.getName() + "\n"), "class names resolved: " + out);
      assertArrayEquals(before, Files.readAllBytes(p), "check and info never write");
      HeapCheck.Result r = HeapCheck.check(p);
      assertTrue(r.readable() && !r.opens() && !r.ok(), r::toString);
    }
  }

  @Test
  void repairBacksUpCutsTheBadReferencesAndKeepsTheRest() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("repair");
      long field;
      long valueField;
      try (Heap h = Heap.create(p, 1 << 20)) {
        Node a = new Node(h, 1);
        Node b = new Node(h, 2);
        b.persist();
        a.persist();
        a.next(b);
        h.roots().put("a", a);
        h.roots().put("bad", new Node(h, 3));
        h.roots().put("kept", new Node(h, 4));
        field = a.offset() + ObjectLayout.HEADER + 8;
        valueField = findRootValueField(p, h, h.roots().<Node>get("bad").offset());
      }
      poke(p, field, 0x12345640L);
      poke(p, valueField, 0x40);
      byte[] damaged = Files.readAllBytes(p);
      String noDir = t.path("no-such-dir").toString();
      assertEquals(2, run("check", "--repair", "--backup-dir", noDir, p.toString()), out);
      assertTrue(err.contains("cannot write the backup copy " + noDir), err);
      assertArrayEquals(damaged, Files.readAllBytes(p), "no backup, no repair");
      assertEquals(0, run("check", "--repair", p.toString()), err + out);
      assertEquals(2, count(out, "cut: "), out);
      assertTrue(out.contains("after repair: heap OK"), out);
      assertTrue(out.contains("\nlost: root \"bad\" and everything only it reached"), out);
      assertTrue(out.contains("the repair dropped data: 1 item(s)"), out);
      Path backup = Path.of(out.substring(out.indexOf("backup: ") + 8, out.indexOf('\n')));
      try {
        assertArrayEquals(damaged, Files.readAllBytes(backup), "the backup is the damaged file");
      } finally {
        Files.delete(backup);
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(1, h.roots().<Node>get("a").value());
        assertTrue(h.roots().<Node>get("a").next() == null, "the bad reference is cut");
        assertTrue(!h.roots().exists("bad"), "the bad root entry is removed");
        assertEquals(4, h.roots().<Node>get("kept").value());
      }
      assertEquals(0, run("check", "--repair", p.toString()), err);
      assertTrue(out.startsWith("nothing to repair"), out);
    }
  }

  /** The repair as one JSON object: backup, cut, lost (the root by name) and the check after. */
  @Test
  void repairWithJsonListsTheLossAsOneObject() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("repair-json");
      long valueField;
      try (Heap h = Heap.create(p, 1 << 20)) {
        h.roots().put("gone \"quoted\"", new Node(h, 1));
        h.roots().put("kept", new Node(h, 2));
        valueField = findRootValueField(p, h, h.roots().<Node>get("gone \"quoted\"").offset());
      }
      poke(p, valueField, 0x40);
      assertEquals(0, run("check", "--repair", "--json", p.toString()), err + out);
      String backup = out.substring(out.indexOf("\"backup\": \"") + 11, out.indexOf("\", \"cut\""));
      t.track(Path.of(backup));
      assertTrue(out.startsWith("{\"backup\": \"") && out.trim().endsWith("}}"), out);
      assertTrue(out.contains("\"lost\": [\"root \\\"gone \\\"quoted\\\"\\\" and everything"), out);
      assertTrue(out.contains("\"after\": {\"ok\": true, \"reachable\": "), out);
      assertEquals(1, count(out, "\n"), "one line: " + out);
      assertEquals(64, run("check", "--repair", "--bogus", p.toString()), out);
    }
  }

  @Test
  void aBadRootValueIsShownByInfo() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("badroot");
      long valueField;
      try (Heap h = Heap.create(p, 1 << 20)) {
        h.roots().put("only", new Node(h, 1));
        valueField = findRootValueField(p, h, h.roots().<Node>get("only").offset());
      }
      poke(p, valueField, 0x40);
      assertEquals(1, run("info", p.toString()), err);
      assertTrue(out.contains("  only -> 0x40  BAD: "), out);
      assertEquals(1, run("check", p.toString()), err);
    }
  }

  @Test
  void aDirectoryOrMissingFileIsExitTwoAndSaysSo() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path dir = t.path("adir");
      Files.createDirectory(dir);
      try {
        assertEquals(2, run("check", dir.toString()));
        assertTrue(err.contains("is a directory"), err);
        assertEquals(2, run("check", dir.resolve("none").toString()));
        assertTrue(err.contains("no such file"), err);
      } finally {
        Files.delete(dir);
      }
    }
  }

  @Test
  void aHealthyHeapIsExitZero() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("healthy");
      try (Heap h = Heap.create(p, 1 << 20)) {
        h.roots().put("n", new Node(h, 1));
      }
      assertEquals(0, run("check", p.toString()), err);
      assertTrue(out.startsWith("heap OK"), out);
    }
  }

  /** The file offset of the root entry word that holds {@code value}: scans the heap's words. */
  private static long findRootValueField(Path p, Heap h, long value) {
    for (long at = 0; at < h.size(); at += 8) {
      if (at != value && readLong(h, at) == value) return at;
    }
    throw new AssertionError("root entry not found for 0x" + Long.toHexString(value) + " in " + p);
  }

  private static long readLong(Heap h, long at) {
    return org.jnvm.core.pmem.Pmem.getLong(h.base() + at);
  }

  private static int count(String s, String what) {
    int n = 0;
    for (int i = s.indexOf(what); i >= 0; i = s.indexOf(what, i + 1)) n++;
    return n;
  }
}
