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
 * JVM then writes back, compare-and-sets, fills and reads a cut line, each alone, then reads,
 * writes, allocates and frees through the heap: {@code cold} (the first calls, interpreted), {@code
 * int} (after a warm-up under {@code -Xint}), {@code c1} (after C1 compiled those paths, under
 * {@code -XX:TieredStopAtLevel=1}) or {@code warm} (after C2 compiled them); the two compiled modes
 * check that the compiler log shows it. On JDK 18 and newer {@code int} and {@code c1} run on the
 * msync fallback (CompilerCheck), so they test the writeback intrinsics' tiers on JDK 17. It must
 * survive (no SIGBUS, no hs_err file), the fault must come out as an exception naming the file, and
 * the heap must refuse further allocations. Fails without the gateway's guards: the write-back, the
 * fill of a fresh object and the interpreter's compare-and-set each killed the JVM (JDK 17.0.15).
 */
class FileChangedTest {
  private static final long SIZE = 8 << 20;
  private static final int NODES = 3000;

  @ParameterizedTest
  @CsvSource({
    "cold,zero", "int,zero", "c1,zero", "warm,zero",
    "cold,half", "int,half", "c1,half", "warm,half",
    "cold,copy", "int,copy", "c1,copy", "warm,copy"
  })
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
      if (mode.equals("int")) flags.add("-Xint");
      if (mode.equals("c1")) flags.add("-XX:TieredStopAtLevel=1");
      if (mode.equals("c1") || mode.equals("warm")) { // compiled before READY, and shown
        flags.addAll(List.of("-XX:-BackgroundCompilation", "-XX:+PrintCompilation"));
      }
      Process child = ChildJvm.start(Child.class, flags, p.toString(), mode);
      try {
        List<String> out = run(child, () -> cut(p, cut, other));
        String all = String.join("\n", out);
        System.out.println("[" + mode + "," + cut + "]\n" + all);
        assertTrue(child.waitFor(120, TimeUnit.SECONDS), all);
        assertFalse(Files.exists(errors), "the JVM crashed:\n" + all);
        assertEquals(0, child.exitValue(), all);
        assertTrue(all.contains("SURVIVED"), all);
        if (mode.equals("c1") || mode.equals("warm")) assertCompiled(out, mode);
        for (String sync : List.of("pwb", "pwb-range", "cas")) { // probed first: they throw
          assertFalse(all.contains("\n" + sync + ": returned"), sync + " on a cut line:\n" + all);
        }
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

  /** The child's single accesses were compiled by C1 ({@code c1}) or C2 ({@code warm}). */
  private static void assertCompiled(List<String> out, String mode) {
    String level = mode.equals("c1") ? "1" : "4";
    for (String method : List.of("pwbAt", "pwbRangeAt", "casAt", "fillAt", "getIntAt")) {
      String name = Child.class.getName() + "::" + method;
      boolean compiled = false;
      for (String line : out.subList(0, out.indexOf("READY"))) { // PrintCompilation: level, name
        List<String> words = List.of(line.trim().split("\\s+"));
        int at = words.indexOf(name);
        compiled |= at > 0 && words.get(at - 1).equals(level);
      }
      assertTrue(compiled, name + " not compiled at level " + level + " before the cut");
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
      int rounds = // -Xint runs each round about 30 times slower; 2 rounds reach every path
          switch (args[1]) {
            case "cold" -> 0;
            case "int" -> 2;
            default -> 40;
          };
      long scratch = UNSAFE.allocateMemory(FILL);
      for (int round = 0; round < rounds; round++) touchAll(h, round, scratch);
      UNSAFE.freeMemory(scratch);
      System.out.println("READY");
      new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
      long gone = h.base() + (1 << 20); // past the end of every changed file
      Throwable last = null;
      // each access that killed the JVM, alone, first (no fault pending from an earlier one)
      last = attempt("pwb", last, () -> pwbAt(gone));
      last = attempt("pwb-range", last, () -> pwbRangeAt(gone));
      last = attempt("cas", last, () -> casAt(gone));
      last = attempt("fill", last, () -> fillAt(gone));
      last = attempt("getInt", last, () -> getIntAt(gone));
      last = attempt("read", last, () -> sum(h));
      last = attempt("write", last, () -> touchAll(h, 99, 0));
      last = attempt("allocate", last, () -> new Node(h, 5).persist());
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

    private static final sun.misc.Unsafe UNSAFE = unsafe();

    /** Over 4 KiB: where the gateway's fill called {@code Unsafe.setMemory}. */
    private static final int FILL = 8192;

    private static void pwbAt(long a) {
      Pmem.pwb(a);
    }

    private static void pwbRangeAt(long a) {
      Pmem.pwb(a, 2 * Pmem.LINE);
    }

    private static void casAt(long a) {
      Pmem.compareAndSetLong(a, 0, 0);
    }

    private static void fillAt(long a) {
      Pmem.fill(a, FILL, (byte) 0);
    }

    /** Widened to long: C2 compiled {@code (long) getInt} to movslq, which faulted fatally. */
    private static long getIntAt(long a) {
      return Pmem.getInt(a);
    }

    private static sun.misc.Unsafe unsafe() {
      try {
        java.lang.reflect.Field f = sun.misc.Unsafe.class.getDeclaredField("theUnsafe");
        f.setAccessible(true);
        return (sun.misc.Unsafe) f.get(null);
      } catch (ReflectiveOperationException e) {
        throw new AssertionError(e);
      }
    }

    private static long sum(Heap h) {
      long s = 0;
      for (Node n = h.roots().get("list"); n != null; n = n.next()) s += n.value();
      return s;
    }

    /**
     * Reads every node, rewrites and writes it back, and allocates and frees one node; with a
     * {@code scratch} address, also runs each single access of the test on the nodes (and fills at
     * {@code scratch}), so that they are compiled as the mode asks.
     */
    private static Object touchAll(Heap h, int round, long scratch) {
      int i = 0;
      for (Node n = h.roots().get("list"); n != null; n = n.next(), i++) {
        n.value(n.value() + round);
        n.persist();
        if (scratch == 0) continue;
        pwbAt(n.address());
        pwbRangeAt(n.address());
        casAt(n.address() + 64); // a line of the node's neighbour, unchanged
        getIntAt(n.address());
        if ((i & 7) == 0) fillAt(scratch);
      }
      Node extra = new Node(h, round);
      extra.persist();
      h.free(extra);
      return null;
    }
  }
}
