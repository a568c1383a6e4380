package org.jnvm.codegen;

import static org.jnvm.codegen.Versions.c;
import static org.jnvm.codegen.Versions.f;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.codegen.Versions.C;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.ChildJvm;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.Test;

/**
 * docs/evolution.md's worked example in three JVMs against one heap file: the first runs version 1
 * of the brief's {@code Simple} ({@code PString msg; int x}), creates it and increments {@code x};
 * the second and third run version 2 ({@code @FormerNames("x") int count; long visits} added),
 * which opens the heap, converts the object, and counts a visit each.
 */
class WorkedExampleTest {
  private static final String NAME = "org.jnvm.codegen.evo.WorkedSimple";
  private static final String PSTRING = "Lorg/jnvm/jpdt/PString;";
  static final C V1 = c(NAME, f("msg", PSTRING), f("x", "I"));
  static final C V2 = c(NAME, f("msg", PSTRING), f("count", "I", "x"), f("visits", "J"));

  /** The program: {@code args[0]} the heap, {@code args[1]} the version it was built as. */
  public static final class Program {
    private Program() {}

    public static void main(String[] args) {
      boolean v2 = args[1].equals("2");
      Class<?> cls = Versions.load(v2 ? V2 : V1);
      JNVM.init(args[0], 4 << 20);
      try {
        if (!JNVM.root.exists("simple")) {
          Object s = Versions.create(cls);
          Versions.set(s, "msg", new PString("Hello, NVMM!"));
          Versions.set(s, "x", 42);
          JNVM.root.put("simple", (PObject) s);
        }
        Object s = JNVM.root.get("simple");
        if (v2) {
          Versions.set(s, "count", (Integer) Versions.get(s, "count") + 1);
          Versions.set(s, "visits", (Long) Versions.get(s, "visits") + 1);
          System.out.println(
              "v2 count=" + Versions.get(s, "count") + " visits=" + Versions.get(s, "visits"));
        } else {
          Versions.set(s, "x", (Integer) Versions.get(s, "x") + 1);
          System.out.println("v1 x=" + Versions.get(s, "x"));
        }
      } finally {
        JNVM.close();
      }
    }
  }

  @Test
  void versionOneThenVersionTwiceTwoInThreeJvms() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("worked-example");
      assertEquals("v1 x=43", run(p, "1"));
      assertEquals("v2 count=44 visits=1", run(p, "2"));
      assertEquals("v2 count=45 visits=2", run(p, "2"));
    }
  }

  private static String run(Path heap, String version) throws Exception {
    Process c = ChildJvm.start(Program.class, ChildJvm.gatewayFlags(), heap.toString(), version);
    String out = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(c.waitFor(60, TimeUnit.SECONDS), out);
    assertEquals(0, c.exitValue(), out);
    String last = "";
    for (String line : out.split("\n")) {
      if (line.startsWith("v1 ") || line.startsWith("v2 ")) last = line.trim();
    }
    return last;
  }
}
