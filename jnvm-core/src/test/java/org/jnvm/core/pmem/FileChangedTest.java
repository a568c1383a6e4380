package org.jnvm.core.pmem;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.heap.ChildJvm;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A heap file changed by another process while a JVM has it mapped: truncated to 0, to half, or
 * overwritten by a smaller heap's bytes the way {@code cp} does (truncate, then write). The child
 * JVM then reads, writes, writes back, compare-and-sets, allocates and frees through the heap,
 * interpreted ({@code cold}) or after C2 compiled those paths ({@code warm}). It must survive (no
 * SIGBUS, no hs_err file), the fault must come out as an exception naming the file, and the heap
 * must refuse further allocations. Fails without the gateway's guards: the write-back, the fill of
 * a fresh object and the interpreter's compare-and-set each killed the JVM (JDK 17.0.15).
 */
class FileChangedTest {
  private static final long SIZE = 8 << 20;
  private static final int NODES = 3000;

  @ParameterizedTest
  @CsvSource({"cold,zero", "warm,zero", "cold,half", "warm,half", "cold,copy", "warm,copy"})
  void aFileChangedUnderTheJvmIsAnExceptionNotACrash(String mode, String cut) throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("changed-" + mode + "-" + cut);
      Path other = t.path("changed-other");
      try (Heap h = Heap.create(p, SIZE)) {
        Node head = null;
        for (int i = 0; i < NODES; i++) { // most lines of the heap's used part hold a node
          Node n = new Node(h, i);
          n.next(head);
          n.persist();
          head = n;
        }
        h.roots().put("list", head);
      }
      Files.deleteIfExists(other);
      try (Heap o = Heap.create(other, 1 << 20)) {
        o.roots().put("x", new Node(o, 7));
      }
      Path errors = Files.createTempFile("jnvm-hs-err-", ".log");
      Files.delete(errors);
      List<String> flags = new ArrayList<>(ChildJvm.gatewayFlags());
      flags.add("-XX:ErrorFile=" + errors);
      Process child = ChildJvm.start(Child.class, flags, p.toString(), mode);
      try {
        List<String> out = run(child, () -> cut(p, cut, other));
        String all = String.join("\n", out);
        System.out.println("[" + mode + "," + cut + "]\n" + all);
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), all);
        assertFalse(Files.exists(errors), "the JVM crashed:\n" + all);
        assertEquals(0, child.exitValue(), all);
        assertTrue(all.contains("SURVIVED"), all);
        assertTrue(all.contains("fault: heap file changed under this JVM"), all);
        assertTrue(all.contains("file=" + p), "the fault names the file:\n" + all);
        assertTrue(
            all.contains("refused: " + MappedFileChangedException.class.getName()),
            "the heap refuses allocations from then on:\n" + all);
      } finally {
        child.destroyForcibly();
        child.waitFor(30, TimeUnit.SECONDS);
        Files.deleteIfExists(errors);
        Files.deleteIfExists(other);
      }
    }
  }

  /** Reads the child's lines; changes the file once the child says READY. */
  private static List<String> run(Process child, IoAction onReady) throws IOException {
    List<String> out = new ArrayList<>();
    try (BufferedReader r =
            new BufferedReader(
                new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8));
        OutputStream in = child.getOutputStream()) {
      for (String line; (line = r.readLine()) != null; ) {
        out.add(line);
        if (line.equals("READY")) {
          onReady.run();
          in.write("GO\n".getBytes(StandardCharsets.UTF_8));
          in.flush();
        }
      }
    }
    return out;
  }

  private static void cut(Path p, String how, Path other) throws IOException {
    switch (how) {
      case "zero" -> {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
          ch.truncate(0);
        }
      }
      case "half" -> {
        try (FileChannel ch = FileChannel.open(p, StandardOpenOption.WRITE)) {
          ch.truncate(64 << 10); // the superblock stays; every node is cut off
        }
      }
      default -> { // cp: open with O_TRUNC, then write the other file's bytes
        byte[] bytes = Files.readAllBytes(other);
        try (FileChannel ch =
            FileChannel.open(p, StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING)) {
          ByteBuffer b = ByteBuffer.wrap(bytes, 0, 256 << 10);
          while (b.hasRemaining()) ch.write(b);
        }
      }
    }
  }

  private interface IoAction {
    void run() throws IOException;
  }

  /**
   * The child: opens the heap, warms its paths up if asked, says READY, waits for GO (the file has
   * been changed), then runs each operation and prints what it threw.
   */
  public static final class Child {
    public static void main(String[] args) throws Exception {
      Heap h = Heap.open(Path.of(args[0]));
      if (args[1].equals("warm")) {
        for (int round = 0; round < 40; round++) touchAll(h, round);
      }
      System.out.println("READY");
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      Throwable last = null;
      last = attempt("read", last, () -> sum(h));
      last = attempt("write", last, () -> touchAll(h, 99));
      last = attempt("allocate", last, () -> new Node(h, 5).persist());
      last = attempt("cas", last, () -> Pmem.compareAndSetLong(h.base() + (1 << 20), 0, 1));
      last = attempt("free", last, () -> h.free(h.roots().get("list")));
      MappedFileChangedException f = h.fileFault(last == null ? new Exception() : last);
      System.out.println("fault: " + (f == null ? "none" : f.getMessage()));
      attempt("refused", null, () -> new Node(h, 6));
      attempt("close", null, h::close);
      System.out.println("SURVIVED");
    }

    private interface Op {
      void run() throws Exception;
    }

    private static Throwable attempt(String what, Throwable last, Op op) {
      try {
        op.run();
        System.out.println(what + ": returned");
        return last;
      } catch (Throwable e) {
        System.out.println(what + ": " + e.getClass().getName() + ": " + e.getMessage());
        return e;
      }
    }

    private static long sum(Heap h) {
      long s = 0;
      for (Node n = h.roots().get("list"); n != null; n = n.next()) s += n.value();
      return s;
    }

    /** Reads every node, rewrites and writes it back, and allocates and frees one node. */
    private static Object touchAll(Heap h, int round) {
      for (Node n = h.roots().get("list"); n != null; n = n.next()) {
        n.value(n.value() + round);
        n.persist();
        Pmem.compareAndSetLong(n.address() + 64, 0, 0); // a line of the node's neighbour
      }
      Node extra = new Node(h, round);
      extra.persist();
      h.free(extra);
      return null;
    }
  }
}
