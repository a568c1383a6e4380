package org.jnvm.core.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.Node;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.GatewayFlags;
import org.junit.jupiter.api.Test;

class MainTest {
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

  @Test
  void infoAndCheckReadWithoutWriting() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("cli");
      try (Heap h = Heap.create(p, 1 << 20)) {
        h.roots().put("first", new Node(h, 1));
        h.roots().put("second", new Node(h, 2));
      }
      byte[] before = Files.readAllBytes(p);
      assertEquals(0, run("info", p.toString()), err);
      assertTrue(out.contains("format          2.1"), out);
      assertTrue(out.contains(Node.class.getName()), out);
      assertTrue(out.contains("  first\n  second\n"), out);
      assertEquals(0, run("check", p.toString()), err);
      assertTrue(out.contains("heap OK: 7 reachable objects"), out);
      assertArrayEquals(before, Files.readAllBytes(p), "info and check never write");
    }
  }

  @Test
  void badHeapGivesExitTwoAndTheReason() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("junk");
      Files.write(p, new byte[4096]);
      assertEquals(2, run("check", p.toString()));
      assertTrue(err.contains("not a J-NVM heap: bad magic"), err);
      assertEquals(64, run("frobnicate"));
    }
  }

  @Test
  void flagsPrintsTheRunningJdksFlagsOnOneLine() {
    assertEquals(0, run("flags"), err);
    assertEquals(String.join(" ", GatewayFlags.forThisJdk()) + System.lineSeparator(), out);
    assertTrue(out.startsWith("--add-opens java.base/jdk.internal.misc=ALL-UNNAMED"), out);
  }
}
