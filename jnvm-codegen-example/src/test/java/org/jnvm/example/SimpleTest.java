package org.jnvm.example;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.ChildJvm;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.junit.jupiter.api.Test;

/**
 * The design brief's example, compiled, transformed by the Maven plugin in this build, and run in
 * separate JVMs: each run sees the state the previous one left.
 */
class SimpleTest {

  private static String run(Path heap, String... more) throws Exception {
    String[] args = new String[more.length + 1];
    args[0] = heap.toString();
    System.arraycopy(more, 0, args, 1, more.length);
    Process p = ChildJvm.start(SimpleMain.class, ChildJvm.gatewayFlags(), args);
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "child JVM did not finish");
    assertEquals(0, p.exitValue(), out);
    return out.lines().filter(l -> l.startsWith("x=")).findFirst().orElse(out);
  }

  @Test
  void secondRunSeesTheFirstRunsState() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path heap = t.path("simple");
      assertEquals("x=43 y=0 msg=Hello, NVMM!", run(heap));
      assertEquals("x=44 y=0 msg=Hello, NVMM!", run(heap));
      assertEquals("x=45 y=0 msg=Hello, NVMM!", run(heap, "free"));
      try (Heap h = Heap.open(heap)) {
        assertTrue(!h.roots().exists("simple"));
        // msg is a PString reference the program manages: freeing s left it unreachable, and
        // recovery reclaimed it ("unreachable objects are reclaimed at recovery")
        assertEquals(1, h.recoveryReport().reclaimed());
      }
    }
  }

  @Test
  void theClassWasTransformedByThePlugin() {
    assertTrue(PObject.class.isAssignableFrom(Simple.class), "Simple extends PObject");
  }

  /** A @Persistent class of the test sources (goal transform-test) referencing a main one. */
  @Test
  void testClassesAreTransformedToo() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      String path = t.path("counter").toString();
      JNVM.init(path, 1 << 20);
      try {
        TestCounter c = new TestCounter("c", new Simple(7));
        c.inc();
        c.inc();
        JNVM.root.put("c", c);
      } finally {
        JNVM.close();
      }
      JNVM.init(path, 1 << 20);
      try {
        TestCounter c = (TestCounter) JNVM.root.get("c");
        assertEquals(3, c.inc());
        assertEquals("c", c.label);
        // Simple.x is out of reach here: test sources are compiled against the transformed
        // Simple, whose fields are gone (docs/codegen.md); its methods are what they see
        assertEquals(Simple.class, c.simple.getClass());
        c.simple.inc();
      } finally {
        JNVM.close();
      }
    }
  }
}
