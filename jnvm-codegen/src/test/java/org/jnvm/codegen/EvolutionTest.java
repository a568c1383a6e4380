package org.jnvm.codegen;

import static org.jnvm.codegen.Versions.c;
import static org.jnvm.codegen.Versions.f;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.jnvm.codegen.Versions.C;
import org.jnvm.core.JNVM;
import org.jnvm.core.JnvmException;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.HeapCheck;
import org.jnvm.core.heap.HeapMigrate;
import org.jnvm.core.heap.PObject;
import org.jnvm.core.heap.ShapeConversion;
import org.jnvm.core.heap.ShapeMismatchException;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.jpdt.PString;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Class evolution, one change at a time: version 1 of a generated class writes an object, the heap
 * is closed, and version 2 (transformed and loaded by a class loader of its own, as a new release)
 * reads it back through the same heap file. Each class name is used by one test only (descriptors
 * are catalogued JVM-wide by name).
 */
class EvolutionTest {
  private static final String PKG = "org.jnvm.codegen.evo.";
  private TestHeaps heaps;
  private Path path;

  @BeforeEach
  void open() {
    heaps = new TestHeaps();
    path = heaps.path("evolution");
    JNVM.init(path.toString(), 4 << 20);
  }

  @AfterEach
  void close() throws Exception {
    JNVM.close();
    heaps.close();
  }

  /** Writes one object of {@code v1} with {@code values} (name, value pairs) under root "o". */
  private Object write(C v1, Object... values) {
    return write(new C[] {v1}, values);
  }

  /** The same for a version of several classes: an object of the last. */
  private Object write(C[] v1, Object... values) {
    Object o = Versions.create(Versions.load(v1));
    for (int i = 0; i < values.length; i += 2) Versions.set(o, (String) values[i], values[i + 1]);
    JNVM.root.put("o", (PObject) o);
    return o;
  }

  /** Reopens the heap with {@code v2} loaded, and returns root "o" as {@code v2} sees it. */
  private Object reopenWith(C... v2) {
    JNVM.close();
    Class<?> cls = Versions.load(v2);
    Heap h = JNVM.init(path.toString(), 4 << 20);
    Object o = JNVM.root.get("o");
    assertSame(cls, o.getClass());
    assertTrue(h.verify().ok(), h.verify().toString());
    return o;
  }

  /** Closes and reopens the heap (recovery runs): the migrated object is durable. */
  private Object reopen() {
    JNVM.close();
    Heap h = JNVM.init(path.toString(), 4 << 20);
    assertTrue(h.verify().ok(), h.verify().toString());
    assertEquals(0, h.recoveryReport().reclaimed(), "nothing leaked");
    return JNVM.root.get("o");
  }

  /**
   * docs/evolution.md's worked example: the design brief's {@code Simple} (a {@code PString} and an
   * {@code int x}) written by version 1; version 2 renames {@code x} to {@code count} and adds
   * {@code long visits}, reads the stored object, updates both, and a reopen reads them back.
   */
  @Test
  void theDesignBriefsSimpleGainsAFieldAndRenamesOne() {
    String pstring = "Lorg/jnvm/jpdt/PString;";
    Object v1 = write(c(PKG + "Simple", f("msg", pstring), f("x", "I")), "x", 42);
    Versions.set(v1, "msg", new PString("Hello, NVMM!"));
    Versions.set(v1, "x", 43);
    Object o =
        reopenWith(c(PKG + "Simple", f("msg", pstring), f("count", "I", "x"), f("visits", "J")));
    assertEquals(43, Versions.get(o, "count"));
    assertEquals(0L, Versions.get(o, "visits"));
    assertEquals("Hello, NVMM!", Versions.get(o, "msg").toString());
    assertTrue(
        JNVM.heap()
            .describe()
            .contains(
                "shape v2: " + PKG + "Simple{msg:Lorg/jnvm/jpdt/PString;@0 visits:J@8 count:I@16}"),
        JNVM.heap().describe());
    Versions.set(o, "count", 44);
    Versions.set(o, "visits", 1L);
    Object again = reopen();
    assertEquals(44, Versions.get(again, "count"));
    assertEquals(1L, Versions.get(again, "visits"));
  }

  /**
   * Fields added with a {@code @DefaultValue} take it in the migrated objects, one of each
   * primitive type; a field that was already stored keeps its value though it declares a default;
   * an object created by version 2 is zero (its constructor sets it: the default is for stored
   * objects only).
   */
  @Test
  void anAddedFieldTakesTheDefaultItsClassDeclares() {
    write(c(PKG + "Defaulted", f("x", "I")), "x", 5);
    Object o =
        reopenWith(
            c(
                PKG + "Defaulted",
                Versions.fd("x", "I", "7"),
                Versions.fd("visits", "J", "1"),
                Versions.fd("ratio", "D", "0.5"),
                Versions.fd("on", "Z", "true"),
                Versions.fd("letter", "C", "y"),
                Versions.fd("weight", "F", "-2.5"),
                Versions.fd("small", "B", "-3"),
                Versions.fd("mid", "S", "300"),
                f("plain", "I")));
    assertEquals(5, Versions.get(o, "x"), "a stored field keeps its value");
    assertEquals(1L, Versions.get(o, "visits"));
    assertEquals(0.5, Versions.get(o, "ratio"));
    assertEquals(true, Versions.get(o, "on"));
    assertEquals('y', Versions.get(o, "letter"));
    assertEquals(-2.5f, Versions.get(o, "weight"));
    assertEquals((byte) -3, Versions.get(o, "small"));
    assertEquals((short) 300, Versions.get(o, "mid"));
    assertEquals(0, Versions.get(o, "plain"));
    Object fresh = Versions.create(o.getClass());
    assertEquals(0L, Versions.get(fresh, "visits"), "new objects are not given the default");
    JNVM.heap().free((PObject) fresh);
    Object again = reopen();
    assertEquals(1L, Versions.get(again, "visits"));
    assertEquals(0.5, Versions.get(again, "ratio"));
  }

  /** A default its field's type cannot hold, or on a reference, fails the build, naming both. */
  @Test
  void aDefaultItsFieldCannotHoldFailsTheBuild() {
    CodegenException e =
        assertThrows(
            CodegenException.class,
            () ->
                Versions.load(
                    c(
                        PKG + "BadDefault",
                        Versions.fd("x", "I", "abc"),
                        Versions.fd("name", "Lorg/jnvm/jpdt/PString;", "hi"))));
    String m = e.getMessage();
    assertTrue(
        m.contains(
            "@DefaultValue(\"abc\") of field "
                + PKG
                + "BadDefault.x (int): not a value of this type"),
        m);
    assertTrue(
        m.contains(
            "@DefaultValue(\"hi\") of field "
                + PKG
                + "BadDefault.name (org.jnvm.jpdt.PString): only primitive fields take a default"),
        m);
  }

  /** {@code bin/jnvm migrate}'s engine: the new version's loader given, one line per class. */
  @Test
  void theMigrateCommandConvertsWithTheClassesItIsGiven() {
    write(c(PKG + "Tooled", f("x", "I")), "x", 8);
    JNVM.close();
    Class<?> v2 = Versions.load(c(PKG + "Tooled", f("x", "J"), f("y", "I")));
    List<String> out = new java.util.ArrayList<>();
    HeapMigrate.run(path, v2.getClassLoader(), List.of(), out::add);
    assertTrue(
        out.stream().anyMatch(l -> l.startsWith(PKG + "Tooled: 1 objects converted")), "" + out);
    HeapMigrate.run(path, v2.getClassLoader(), List.of(PKG + "Tooled"), out::add);
    assertEquals(PKG + "Tooled: up to date", out.get(out.size() - 1));
    JNVM.init(path.toString(), 4 << 20);
    assertEquals(8L, Versions.get(JNVM.root.get("o"), "x"));
  }

  @Test
  void anAddedFieldIsZeroAndTheOthersKeepTheirValues() {
    write(c(PKG + "Added", f("x", "I")), "x", 7);
    Object o =
        reopenWith(c(PKG + "Added", f("x", "I"), f("y", "J"), f("name", "Ljava/lang/String;")));
    assertEquals(7, Versions.get(o, "x"));
    assertEquals(0L, Versions.get(o, "y"));
    assertEquals(null, Versions.get(o, "name"));
    Versions.set(o, "y", 9L);
    Versions.set(o, "name", "new");
    Object again = reopen();
    assertEquals(7, Versions.get(again, "x"));
    assertEquals(9L, Versions.get(again, "y"));
    assertEquals("new", Versions.get(again, "name"));
  }

  @Test
  void aRemovedFieldIsDroppedAndWhatItOwnedIsReclaimed() {
    write(
        c(PKG + "Removed", f("x", "I"), f("gone", "J"), f("note", "Ljava/lang/String;")),
        "x",
        5,
        "gone",
        77L,
        "note",
        "bye");
    Object o = reopenWith(c(PKG + "Removed", f("x", "I")));
    assertEquals(5, Versions.get(o, "x"));
    JNVM.close();
    Heap h = JNVM.init(path.toString(), 4 << 20);
    assertEquals(1, h.recoveryReport().reclaimed(), "the removed String field's PString");
    assertEquals(5, Versions.get(JNVM.root.get("o"), "x"));
  }

  @Test
  void reorderedFieldsMoveToTheirNewOffsets() {
    write(c(PKG + "Reordered", f("a", "I"), f("b", "I")), "a", 1, "b", 2);
    Object o = reopenWith(c(PKG + "Reordered", f("b", "I"), f("a", "I")));
    assertEquals(1, Versions.get(o, "a"));
    assertEquals(2, Versions.get(o, "b"));
    assertEquals(1, Versions.get(reopen(), "a"));
  }

  @Test
  void primitivesWidenAsJavaAssignmentsDo() {
    long big = (1L << 53) + 1;
    write(
        c(
            PKG + "Widened",
            f("i", "I"),
            f("f", "F"),
            f("b", "B"),
            f("c", "C"),
            f("l", "J"),
            f("s", "S"),
            f("il", "I")),
        "i",
        -7,
        "f",
        1.1f,
        "b",
        (byte) -3,
        "c",
        'A',
        "l",
        big,
        "s",
        (short) -300,
        "il",
        Integer.MAX_VALUE);
    Object o =
        reopenWith(
            c(
                PKG + "Widened",
                f("i", "J"),
                f("f", "D"),
                f("b", "I"),
                f("c", "I"),
                f("l", "F"),
                f("s", "D"),
                f("il", "F")));
    assertEquals(-7L, Versions.get(o, "i"));
    assertEquals((double) 1.1f, Versions.get(o, "f"));
    assertEquals(-3, Versions.get(o, "b"));
    assertEquals(65, Versions.get(o, "c"));
    assertEquals((float) big, Versions.get(o, "l"));
    assertEquals(-300.0, Versions.get(o, "s"));
    assertEquals((float) Integer.MAX_VALUE, Versions.get(o, "il"));
  }

  @Test
  void aReferenceMayBeDeclaredAsASupertypeOfWhatItHolds() {
    String pstring = "Lorg/jnvm/jpdt/PString;";
    write(c(PKG + "Widens", f("p", pstring), f("n", "I")), "p", new PString("kept"), "n", 3);
    Object o = reopenWith(c(PKG + "Widens", f("p", "Lorg/jnvm/core/heap/PObject;"), f("n", "I")));
    Object p = Versions.get(o, "p");
    assertTrue(p instanceof PString, String.valueOf(p));
    assertEquals("kept", p.toString());
    assertEquals(3, Versions.get(o, "n"));
  }

  @Test
  void aRenamedFieldIsFoundByItsFormerName() {
    write(c(PKG + "FieldRenamed", f("count", "I"), f("other", "J")), "count", 12, "other", 4L);
    Object o = reopenWith(c(PKG + "FieldRenamed", f("total", "I", "count"), f("other", "J")));
    assertEquals(12, Versions.get(o, "total"));
    assertEquals(4L, Versions.get(o, "other"));
    assertEquals(12, Versions.get(reopen(), "total"));
  }

  @Test
  void aRenamedClassIsFoundByItsFormerName() {
    write(c(PKG + "OldName", f("x", "I")), "x", 21);
    C renamed = new C(PKG + "NewName", null, List.of(f("x", "I")), PKG + "OldName");
    Object o = reopenWith(renamed);
    assertEquals(21, Versions.get(o, "x"));
    assertTrue(JNVM.heap().describe().contains(PKG + "NewName"), JNVM.heap().describe());
    assertEquals(21, Versions.get(reopen(), "x"));
  }

  @Test
  void superclassFieldsCount() {
    C base1 = c(PKG + "Base", f("a", "J"));
    C sub1 = new C(PKG + "Sub", PKG + "Base", List.of(f("b", "I")));
    write(new C[] {base1, sub1}, "a", 100L, "b", 5);
    C base2 = c(PKG + "Base", f("a", "J"), f("z", "J"));
    C sub2 = new C(PKG + "Sub", PKG + "Base", List.of(f("b", "I")));
    Object o = reopenWith(base2, sub2);
    assertEquals(100L, Versions.get(o, "a"));
    assertEquals(0L, Versions.get(o, "z"));
    assertEquals(5, Versions.get(o, "b"));
    assertEquals(5, Versions.get(reopen(), "b"));
  }

  @Test
  void incompatibleChangesAreRefusedFieldByFieldBeforeAnythingIsWritten() throws Exception {
    C v1 = c(PKG + "Refused", f("x", "J"), f("flag", "I"), f("ok", "I"));
    write(v1, "x", 1L << 40, "flag", 1, "ok", 3);
    JNVM.close();
    byte[] before = Files.readAllBytes(path);
    Versions.load(c(PKG + "Refused", f("x", "I"), f("flag", "Z"), f("ok", "I")));
    JNVM.init(path.toString(), 4 << 20);
    ShapeMismatchException e = assertThrows(ShapeMismatchException.class, () -> JNVM.root.get("o"));
    assertEquals(2, e.problems().size(), e.getMessage());
    assertTrue(
        e.getMessage().contains("x: long @0 in the heap, int @0 in the class"), e.getMessage());
    assertTrue(
        e.getMessage().contains("flag: int @8 in the heap, boolean @8 in the class"),
        e.getMessage());
    assertTrue(e.getMessage().contains("nothing was written"), e.getMessage());
    assertTrue(e.getMessage().contains("ShapeConversion for " + PKG + "Refused"), e.getMessage());
    JNVM.close();
    assertArrayEquals(before, Files.readAllBytes(path), "the refused open wrote nothing");
  }

  @Test
  void aShapeConversionCoversAnIncompatibleChange() {
    write(c(PKG + "Converted", f("tenths", "J"), f("ok", "I")), "tenths", 215L, "ok", 3);
    ShapeConversion.register(
        PKG + "Converted",
        (stored, current) -> current.setFloat("tenths", stored.getLong("tenths") / 10f));
    try {
      Object o = reopenWith(c(PKG + "Converted", f("tenths", "F"), f("ok", "I")));
      assertEquals(21.5f, Versions.get(o, "tenths"));
      assertEquals(3, Versions.get(o, "ok"));
    } finally {
      ShapeConversion.unregister(PKG + "Converted");
    }
  }

  /** A conversion that throws leaves its batch as stored: a corrected one then converts it all. */
  @Test
  void aFailingConversionRollsItsBatchBack() {
    write(c(PKG + "Retried", f("tenths", "J"), f("ok", "I")), "tenths", 215L, "ok", 3);
    C v2 = c(PKG + "Retried", f("tenths", "F"), f("ok", "I"));
    ShapeConversion.register(
        PKG + "Retried",
        (stored, current) -> {
          current.setFloat("tenths", 1f);
          throw new IllegalStateException("bug in the conversion");
        });
    try {
      JNVM.close();
      Versions.load(v2);
      JNVM.init(path.toString(), 4 << 20);
      JnvmException e = assertThrows(JnvmException.class, () -> JNVM.root.get("o"));
      assertTrue(e.getMessage().contains("its batch was rolled back"), e.getMessage());
      JNVM.close();
      HeapCheck.Result check = HeapCheck.check(path);
      assertTrue(
          check.toString().contains("1 objects of " + PKG + "Retried remain in stored shape v1"),
          check.toString());
      assertTrue(!check.ok(), "a half-migrated heap is reported, not passed");
      JNVM.init(path.toString(), 4 << 20);
      ShapeConversion.register(
          PKG + "Retried",
          (stored, current) -> current.setFloat("tenths", stored.getLong("tenths") / 10f));
      JNVM.close();
      JNVM.init(path.toString(), 4 << 20); // the version 2 loaded above reads it
      Object o = JNVM.root.get("o");
      assertEquals(21.5f, Versions.get(o, "tenths"));
      assertEquals(3, Versions.get(o, "ok"));
    } finally {
      ShapeConversion.unregister(PKG + "Retried");
    }
  }

  @Test
  void anObjectThatWouldOutgrowItsSlotIsRefusedWithTheSizes() {
    C v1 =
        c(
            PKG + "Full",
            f("a", "J"),
            f("b", "J"),
            f("c", "J"),
            f("d", "J"),
            f("e", "J"),
            f("f", "J"),
            f("g", "J"));
    write(v1, "a", 1L);
    Versions.load(
        c(
            PKG + "Full",
            f("a", "J"),
            f("b", "J"),
            f("c", "J"),
            f("d", "J"),
            f("e", "J"),
            f("f", "J"),
            f("g", "J"),
            f("h", "J")));
    JNVM.close();
    JNVM.init(path.toString(), 4 << 20);
    ShapeMismatchException e = assertThrows(ShapeMismatchException.class, () -> JNVM.root.get("o"));
    assertTrue(
        e.getMessage().contains("1 objects of stored shape v1 of " + PKG + "Full"), e.getMessage());
    assertTrue(
        e.getMessage().contains("sit in slots of 64 bytes, and the class now needs 72"),
        e.getMessage());
  }
}
