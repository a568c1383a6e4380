package org.jnvm.core.heap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jnvm.core.JnvmException;
import org.junit.jupiter.api.Test;

class ClassRegistryTest {

  /** A class whose layout depends on a system property, to play "the class changed". */
  public static final class Evolving extends PObject {
    static final PersistentClass<Evolving> TYPE =
        PersistentClass.builder(Evolving.class.getName(), (h, a) -> new Evolving(h, a, null))
            .fixedSize(Integer.getInteger("evolving.size", 16))
            .layout(
                "a:long@0 b:long@8" + (Integer.getInteger("evolving.size", 16) > 16 ? " c@16" : ""))
            .build();

    Evolving(Heap h) {
      super(h, TYPE);
    }

    private Evolving(Heap h, long a, Resurrect r) {
      super(h, a, r);
    }
  }

  /** Child: writes one Evolving object with the layout chosen by evolving.size. */
  public static final class Writer {
    public static void main(String[] args) {
      try (Heap h = Heap.create(Path.of(args[0]), 1 << 20)) {
        h.roots().put("e", new Evolving(h));
      }
      System.out.println("WROTE");
    }
  }

  @Test
  void changedLayoutIsReportedNotMisread() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("evolve");
      runChild(List.of("-Devolving.size=24"), Writer.class, p);
      try (Heap h = Heap.open(p)) { // this JVM has the 16-byte layout
        LayoutMismatchException e =
            assertThrows(LayoutMismatchException.class, () -> h.roots().get("e"));
        assertTrue(
            e.getMessage()
                .contains(
                    "persistent class "
                        + Evolving.class.getName()
                        + " cannot open the objects this heap stores in an earlier shape"),
            e.getMessage());
        assertTrue(e.getMessage().contains("no field table for stored shape of"), e.getMessage());
        assertThrows(LayoutMismatchException.class, () -> new Evolving(h));
      }
    }
  }

  @Test
  void classesAreLoadedByNameOnFirstRead() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("byname");
      runChild(List.of(), Writer.class, p);
      try (Heap h = Heap.open(p)) {
        Evolving e = h.roots().get("e");
        assertEquals(Evolving.class, e.getClass());
        assertTrue(h.describe().contains(Evolving.class.getName()), h.describe());
      }
    }
  }

  @Test
  void manyClassesGrowTheRegistryChain() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("many");
      int n = 3 * RegistrySegmentLayout.ENTRIES + 5;
      try (Heap h = Heap.create(p, 1 << 20)) {
        for (int i = 0; i < n; i++) {
          PersistentClass<PObject> c =
              PersistentClass.<PObject>builder("many.C" + i, (hh, a) -> null)
                  .fixedSize(8)
                  .layout("x" + i)
                  .build();
          h.roots().put("o" + i, new PObject(h, c) {});
        }
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(n, h.roots().names().size());
        assertTrue(h.verify().ok(), () -> h.verify().toString());
        assertTrue(h.describe().contains("many.C" + (n - 1)));
      }
    }
  }

  @Test
  void unknownClassNameGivesAClearError() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("unknown");
      try (Heap h = Heap.create(p, 1 << 20)) {
        PersistentClass<PObject> c =
            PersistentClass.<PObject>builder("no.such.Clazz", (hh, a) -> null).fixedSize(8).build();
        h.roots().put("o", new PObject(h, c) {});
      }
      String msg = runChild(List.of(), Reader.class, p);
      assertTrue(
          msg.contains("no proxy class on the class path for persistent class no.such.Clazz"), msg);
    }
  }

  @Test
  void entriesKeepEachFieldByNameTypeAndOffset() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("shape");
      try (Heap h = Heap.create(p, 1 << 20)) {
        h.roots().put("n", new Node(h, 1));
      }
      try (Heap h = Heap.open(p)) {
        ClassShape s = info(h, Node.class.getName()).shape();
        assertEquals(1, s.version());
        assertEquals(List.of(Node.class.getName()), s.chain());
        assertEquals(
            List.of(
                new ClassShape.Field("value", "J", 0, 8, 0),
                new ClassShape.Field("next", "Lorg/jnvm/core/heap/PObject;", 8, 8, 0),
                new ClassShape.Field("label", "Lorg/jnvm/core/heap/PObject;", 16, 8, 0),
                new ClassShape.Field("tag", "I", 24, 4, 0)),
            s.fields());
        assertEquals(null, info(h, Prims.class.getName()), "never registered");
      }
    }
  }

  @Test
  void aLayoutStringThatDoesNotDescribeEveryFieldGivesNoShape() {
    assertEquals(null, Prims.TYPE.shape(), "Prims' layout names no kinds");
    assertEquals(
        null,
        ClassShape.fromLayout("a.B", "x:int@0 y:ref@8", 16, new int[0]),
        "a ref the class does not declare");
    assertEquals(
        null, ClassShape.fromLayout("a.B", "x:int@0 y:widget@8", 16, new int[0]), "unknown kind");
  }

  /**
   * A heap written by format 2.0 (kept under test resources: a {@link Node} list of 42 then 7,
   * registry entries without shape tables) opens, reads, and gains the shape of each class it is
   * used with; a read-only open writes nothing.
   */
  @Test
  void formatTwoZeroHeapsOpenAndGainShapesWhenUsed() throws Exception {
    try (TestHeaps t = new TestHeaps()) {
      Path p = t.path("format20");
      try (java.io.InputStream in =
          new java.util.zip.GZIPInputStream(
              getClass().getResourceAsStream("/heaps/format-2.0-node.heap.gz"))) {
        java.nio.file.Files.copy(in, p);
      }
      try (Heap h = Heap.open(p, HeapOptions.DEFAULT.withReadOnly(true))) {
        assertTrue(h.describe().contains("format          2.0"), h.describe());
        Node n = h.roots().get("node");
        assertEquals(42, n.value());
        assertEquals(null, info(h, Node.class.getName()).shape(), "read-only: no write");
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(null, info(h, Node.class.getName()).shape(), "2.0 entry");
        Node n = h.roots().get("node");
        assertEquals(7, n.next().value());
        assertEquals(Node.TYPE.shape(), info(h, Node.class.getName()).shape());
      }
      try (Heap h = Heap.open(p)) {
        assertEquals(Node.TYPE.shape(), info(h, Node.class.getName()).shape(), "durable");
        assertTrue(h.verify().ok(), () -> h.verify().toString());
        assertEquals(0, h.recoveryReport().reclaimed(), "the replaced entry was freed");
        assertEquals(42, h.roots().<Node>get("node").value());
      }
    }
  }

  private static ClassInfo info(Heap h, String name) {
    for (ClassInfo c : h.classes().infos()) {
      if (c != null && c.name().equals(name)) return c;
    }
    return null;
  }

  /** Child: reads root "o" in a JVM that never declared its class. */
  public static final class Reader {
    public static void main(String[] args) {
      try (Heap h = Heap.open(Path.of(args[0]))) {
        h.roots().get("o");
        System.out.println("READ");
      } catch (JnvmException e) {
        System.out.println("ERROR " + e.getMessage());
      }
    }
  }

  private static String runChild(List<String> jvm, Class<?> main, Path p)
      throws IOException, InterruptedException {
    List<String> flags = new java.util.ArrayList<>(ChildJvm.gatewayFlags());
    flags.addAll(jvm);
    Process c = ChildJvm.start(main, flags, p.toString());
    String out = new String(c.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(c.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, c.exitValue(), out);
    return out;
  }
}
