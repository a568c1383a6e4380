package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import org.jnvm.codegen.api.Kinds;
import org.jnvm.codegen.api.Ledger;
import org.jnvm.core.JNVM;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PLongArray;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The generated corpus classes against a real heap: each test writes through the generated code,
 * closes the heap, reopens it (recovery runs) and reads the state back through resurrected proxies.
 * Recovery reclaiming nothing shows that nothing leaked (overwritten strings, aborted blocks).
 */
class BehaviourTest {
  private TestHeaps heaps;
  private Path path;

  @BeforeEach
  void open() {
    heaps = new TestHeaps();
    path = heaps.path("behaviour");
    JNVM.init(path.toString(), 4 << 20);
  }

  @AfterEach
  void close() throws Exception {
    JNVM.close();
    heaps.close();
  }

  /** Closes and reopens the default heap; returns the recovery's count of reclaimed objects. */
  private long reopen() {
    JNVM.close();
    Heap h = JNVM.init(path.toString(), 4 << 20);
    assertTrue(h.verify().ok(), h.verify().toString());
    return h.recoveryReport().reclaimed();
  }

  @Test
  void designBriefExampleKeepsPersistentStateAndDropsTransient() {
    Object s = Corpus.create("Simple", new Class<?>[] {int.class}, 42);
    assertTrue(s instanceof PObject);
    JNVM.root.put("simple", (PObject) s);
    Corpus.call(s, "inc");
    assertEquals(43, Corpus.call(s, "x"));
    assertEquals(1, Corpus.call(s, "y"));
    assertEquals(0, reopen());
    Object again = JNVM.root.get("simple");
    assertSame(Corpus.load("Simple"), again.getClass());
    assertEquals(43, Corpus.call(again, "x"));
    assertEquals(0, Corpus.call(again, "y"), "transient fields are volatile");
    assertEquals("Hello, NVMM!", Corpus.call(again, "msg"));
  }

  @Test
  void aConstructorWhoseFirstParameterIsAHeapAllocatesThere() {
    Path otherPath = heaps.path("other");
    Heap other = Heap.create(otherPath, 4 << 20);
    try {
      PObject o =
          Corpus.create(
              "InHeap", new Class<?>[] {Heap.class, long.class, String.class}, other, 7L, "x");
      assertSame(other, o.heap());
      other.roots().put("o", o);
      PObject d = Corpus.create("InHeap", new Class<?>[] {long.class}, 8L);
      assertSame(JNVM.heap(), d.heap(), "no heap parameter: the default heap");
    } finally {
      other.close();
    }
    Heap again = Heap.open(otherPath);
    try {
      assertEquals(0, again.recoveryReport().reclaimed());
      PObject o = again.roots().get("o");
      assertEquals(7L, Corpus.call(o, "value"));
      assertEquals("x", Corpus.call(o, "label"), "its String field allocated in the same heap");
    } finally {
      again.close();
    }
  }

  @Test
  void everyPrimitiveKindRoundTripsAsPlainJavaComputesIt() {
    String expected = new org.jnvm.codegen.corpus.AllKinds(7).describe(); // plain Java twin
    Kinds k = Corpus.create("AllKinds", new Class<?>[] {int.class}, 7);
    assertEquals(expected, k.describe());
    JNVM.root.put("k", k.self());
    assertEquals(0, reopen());
    Kinds again = JNVM.root.get("k");
    assertEquals(expected, again.describe());
    again.fill(3);
    assertEquals(new org.jnvm.codegen.corpus.AllKinds(3).describe(), again.describe());
  }

  @Test
  void stringFieldsOwnTheirPStringAndFreeTheOldOne() {
    Kinds k = Corpus.create("AllKinds", new Class<?>[0]);
    JNVM.root.put("k", k.self());
    assertNull(k.text());
    k.text("first");
    assertEquals(0, reopen());
    long live = JNVM.heap().recoveryReport().liveObjects();
    Kinds again = JNVM.root.get("k");
    for (int i = 0; i < 20; i++) again.text("text " + i + " \u20ac");
    assertEquals("text 19 \u20ac", again.text());
    again.text(null);
    assertNull(again.text());
    again.text("last");
    assertEquals(0, reopen(), "overwritten strings were freed, not left to recovery");
    assertEquals(live, JNVM.heap().recoveryReport().liveObjects());
    assertEquals("last", ((Kinds) JNVM.root.get("k")).text());
  }

  @Test
  void referencesToPersistentClassesJpdtTypesAndNull() {
    Kinds a = Corpus.create("AllKinds", new Class<?>[] {int.class}, 1);
    Kinds b = Corpus.create("AllKinds", new Class<?>[] {int.class}, 2);
    PString p = new PString(JNVM.heap(), "p");
    PLongArray longs = new PLongArray(JNVM.heap(), 3);
    longs.set(2, 99);
    longs.persist();
    a.link(b);
    b.link(a);
    a.pstring(p);
    a.longs(longs);
    JNVM.root.put("a", a.self());
    assertEquals(0, reopen());
    Kinds a2 = JNVM.root.get("a");
    Kinds b2 = (Kinds) a2.link();
    assertEquals(new org.jnvm.codegen.corpus.AllKinds(2).describe(), b2.describe());
    assertEquals(a2.self(), b2.link());
    assertEquals("p", a2.pstring().toString());
    assertEquals(99, a2.longs().get(2));
    assertNull(b2.pstring());
    b2.link(null);
    assertNull(b2.link());
  }

  @Test
  void transientFieldsStayVolatileAndStaticFieldsUntouched() {
    int before = (int) Corpus.call(Corpus.load("AllKinds"), "created");
    Kinds k = Corpus.create("AllKinds", new Class<?>[0]);
    assertEquals(before + 1, Corpus.call(Corpus.load("AllKinds"), "created"));
    k.volatileCount(5);
    assertEquals(5, k.volatileCount());
    JNVM.root.put("k", k.self());
    reopen();
    Kinds again = JNVM.root.get("k");
    assertEquals(0, again.volatileCount());
    assertEquals(before + 1, Corpus.call(Corpus.load("AllKinds"), "created"), "resurrection");
  }

  @Test
  void otherClassesOfTheCodeBaseReadAndWriteFieldsThroughAccessors() {
    Kinds a = Corpus.create("AllKinds", new Class<?>[] {int.class}, 0);
    Kinds b = Corpus.create("AllKinds", new Class<?>[] {int.class}, 0);
    a.link(b);
    Class<?> out = Corpus.load("Outsider");
    assertEquals(Integer.MIN_VALUE + 5, Corpus.call(out, "bump", a, 5));
    Corpus.call(out, "rename", a, "renamed");
    assertEquals("renamed", a.text());
    assertEquals(1, Corpus.call(out, "chain", a));
    JNVM.root.put("a", a.self());
    reopen();
    Kinds again = JNVM.root.get("a");
    assertEquals(Integer.MIN_VALUE + 5, Corpus.call(out, "bump", again, 0));
  }

  @Test
  void inheritanceAllocatesTheSubclassWithEveryField() {
    Object d = Corpus.create("Derived", new Class<?>[] {long.class}, 6L);
    assertEquals(6L, Corpus.call(d, "base"));
    assertEquals(42L, Corpus.call(d, "area"));
    assertEquals(1.5, Corpus.call(d, "weight"));
    assertEquals((byte) 1, Corpus.call(d, "flag"));
    assertEquals("d6", Corpus.call(d, "name"));
    Corpus.call(d, "grow", 1L);
    assertEquals(6L + 1 + 7 + 1 + 1 + 1, Corpus.call(Corpus.load("Outsider"), "total", d));
    JNVM.root.put("d", (PObject) d);
    assertEquals(0, reopen());
    Object again = JNVM.root.get("d");
    assertSame(Corpus.load("Derived"), again.getClass());
    assertEquals(7L * 8, Corpus.call(again, "area"));
    assertEquals("d6", Corpus.call(again, "name"));
    assertTrue(
        JNVM.heap()
            .describe()
            .contains(
                "shape v1: org.jnvm.codegen.corpus.Shape{base:J@0 tag:I@8}"
                    + " org.jnvm.codegen.corpus.Derived{extra:J@16 weight:D@24"
                    + " name:Ljava/lang/String;@32 flag:B@40}"),
        JNVM.heap().describe());
  }

  /** A subclass compiled against Shape but not transformed calls the stub, which says so. */
  @Test
  void abstractPersistentClassStubRefusesUntransformedSubclasses() throws Exception {
    String shape = "org/jnvm/codegen/corpus/Shape";
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "org/jnvm/codegen/corpus/Rogue", null, shape, null);
    MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitLdcInsn(1L);
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, shape, "<init>", "(J)V", false);
    m.visitInsn(Opcodes.RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    m = w.visitMethod(Opcodes.ACC_PUBLIC, "area", "()J", null, null);
    m.visitInsn(Opcodes.LCONST_0);
    m.visitInsn(Opcodes.LRETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    byte[] b = w.toByteArray();
    Class<?> rogue =
        new ClassLoader(Corpus.loader()) {
          Class<?> define() {
            return defineClass("org.jnvm.codegen.corpus.Rogue", b, 0, b.length);
          }
        }.define();
    var e =
        assertThrows(
            java.lang.reflect.InvocationTargetException.class,
            () -> rogue.getConstructor().newInstance());
    assertTrue(e.getCause() instanceof IllegalStateException, e.getCause().toString());
    assertTrue(e.getCause().getMessage().contains("not transformed"), e.getCause().getMessage());
  }

  @Test
  void classWithoutPersistentFields() {
    Object e = Corpus.create("Empty", new Class<?>[0]);
    assertEquals("volatile", Corpus.call(e, "note"));
    assertEquals(0, ((PObject) e).payloadSize());
    JNVM.root.put("e", (PObject) e);
    assertEquals(0, reopen());
    Object again = JNVM.root.get("e");
    assertNull(Corpus.call(again, "note"), "field initialisers do not run on resurrection");
  }

  @Test
  void failureAtomicMethodsCommitOrRollBackWithTheirAllocationsAndFrees() {
    Ledger b = Corpus.create("Book", new Class<?>[] {String.class}, "opened");
    JNVM.root.put("book", (PObject) b);
    b.post(10, "first");
    b.post(5, "second");
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> b.postThenFail(100, "never"));
    assertEquals("refused: 100", e.getMessage());
    assertEquals(15, b.balance());
    assertEquals(2, b.count());
    assertEquals("second", b.memo());
    assertEquals("5,10", b.entries());
    assertEquals(0, reopen(), "the aborted entry and string were freed, the old memos too");
    Ledger again = JNVM.root.get("book");
    assertEquals(15, again.balance());
    assertEquals("5,10", again.entries());
    assertEquals("second", again.memo());
  }
}
