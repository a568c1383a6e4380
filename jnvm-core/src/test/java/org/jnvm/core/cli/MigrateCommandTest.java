package org.jnvm.core.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.tools.ToolProvider;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.ObjectLayout;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jnvm migrate HEAP --classpath CP --classes ...} as the command runs it ({@link Main}):
 * release 2 of a class exists only as a class file on CP (compiled here by javac from source), the
 * command converts the heap's release-1 objects, says how many, is idempotent, leaves a heap that
 * checks clean, and refuses bad arguments and unreadable files with their exit codes.
 */
class MigrateCommandTest {
  /** Release 2: {@link GaugeV1} renamed, its int widened to long and moved, a long added. */
  private static final String GAUGE =
      """
      package evo;
      import org.jnvm.core.heap.Heap;
      import org.jnvm.core.heap.PObject;
      import org.jnvm.core.heap.PersistentClass;
      public final class Gauge extends PObject {
        public static final PersistentClass<Gauge> TYPE =
            PersistentClass.builder("evo.Gauge", (h, a) -> new Gauge(h, a, null))
                .fixedSize(16)
                .layout("at:long@0 level:long@8")
                .formerNames("org.jnvm.core.cli.GaugeV1")
                .build();
        private Gauge(Heap heap, long address, Resurrect r) { super(heap, address, r); }
      }
      """;

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
  void migratesWithTheClassesOnItsClassPath(@TempDir Path dir) throws Exception {
    Path classes = compile(dir);
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("migrate-cli");
      try (Heap h = Heap.create(p, 1 << 20)) {
        for (int i = 0; i < 3; i++) h.roots().put("g" + i, new GaugeV1(h, 10 + i));
      }
      String heap = p.toString();
      assertEquals(
          0,
          run("migrate", heap, "--classpath", classes.toString(), "--classes", "evo.Gauge"),
          err);
      assertTrue(out.startsWith("evo.Gauge: 3 objects converted in "), out);
      assertEquals(
          0,
          run("migrate", heap, "--classpath", classes.toString(), "--classes", "evo.Gauge"),
          err);
      assertEquals("evo.Gauge: up to date", out.strip());
      assertEquals(0, run("check", heap), out + err);
      assertEquals(0, run("info", heap), err);
      assertTrue(out.contains("shape v2: evo.Gauge{at:J@0 level:J@8}"), out);
      try (Heap h = Heap.open(p)) {
        for (int i = 0; i < 3; i++) {
          long g = h.base() + h.roots().offsetOf("g" + i);
          assertEquals(16, ObjectLayout.size(g));
          assertEquals(0L, Pmem.getLong(g + ObjectLayout.HEADER));
          assertEquals(10L + i, Pmem.getLong(g + ObjectLayout.HEADER + 8));
        }
      }
    }
  }

  @Test
  void badArgumentsAndUnreadableHeapsHaveTheirExitCodes(@TempDir Path dir) throws Exception {
    assertEquals(64, run("migrate", "x", "--classpath"));
    assertTrue(err.contains("no value for --classpath"), err);
    assertEquals(64, run("migrate", "x", "--frobnicate", "y"));
    assertTrue(err.contains("unknown option --frobnicate"), err);
    Path junk = dir.resolve("junk");
    Files.write(junk, new byte[4096]);
    assertEquals(2, run("migrate", junk.toString()));
    assertTrue(err.contains("not a J-NVM heap"), err);
  }

  private static Path compile(Path dir) throws Exception {
    Path src = Files.createDirectories(dir.resolve("src/evo")).resolve("Gauge.java");
    Files.writeString(src, GAUGE);
    Path classes = Files.createDirectories(dir.resolve("classes"));
    int rc =
        ToolProvider.getSystemJavaCompiler()
            .run(
                null,
                null,
                null,
                "-d",
                classes.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                src.toString());
    assertEquals(0, rc, "javac");
    return classes;
  }
}
