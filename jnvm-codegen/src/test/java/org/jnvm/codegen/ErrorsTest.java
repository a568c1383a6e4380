package org.jnvm.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Handle;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/**
 * The error corpus (package {@code corpus.bad}): each class, transformed as the code base together
 * with the classes it needs, fails with one problem naming the class, the field or method, and what
 * to do.
 */
class ErrorsTest {
  private static final Map<String, byte[]> BAD = Corpus.read("org/jnvm/codegen/corpus/bad");
  private static final String P = "org.jnvm.codegen.corpus.bad.";

  private static CodegenException fail(String... simpleNames) {
    List<byte[]> in = new ArrayList<>();
    for (String s : simpleNames) in.add(BAD.get(P + s));
    return assertThrows(CodegenException.class, () -> Corpus.transformer().transform(in));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "IntArrayField|field org.jnvm.codegen.corpus.bad.IntArrayField.values|PLongArray",
        "ByteArrayField|field org.jnvm.codegen.corpus.bad.ByteArrayField.data|PByteArray",
        "ObjectArrayField|field org.jnvm.codegen.corpus.bad.ObjectArrayField.parents|PRefArray",
        "ListField|field org.jnvm.codegen.corpus.bad.ListField.items|is an interface",
        "EnumField|field org.jnvm.codegen.corpus.bad.EnumField.unit|ordinal",
        "BoxedField|field org.jnvm.codegen.corpus.bad.BoxedField.count|java.lang.Integer is not"
            + " persistent",
        "VolatileField|field org.jnvm.codegen.corpus.bad.VolatileField.ticks|is volatile",
        "NativeMethod|native method org.jnvm.codegen.corpus.bad.NativeMethod.poke()V|(handle)",
        "UnknownFa|class org.jnvm.codegen.corpus.bad.UnknownFa|fa = \"sometimes\"",
        "PersistentInterface|class org.jnvm.codegen.corpus.bad.PersistentInterface|is an"
            + " interface",
        "PersistentEnum|class org.jnvm.codegen.corpus.bad.PersistentEnum|is an enum",
        "ReservedName|field org.jnvm.codegen.corpus.bad.ReservedName.jnvm$count|reserved",
        "FinalClash|method org.jnvm.codegen.corpus.bad.FinalClash.persist()V|final PObject"
            + " method",
      })
  void oneClassOneProblem(String cls, String names, String says) {
    CodegenException e = fail(cls);
    assertEquals(1, e.problems().size(), e.getMessage());
    String p = e.problems().get(0);
    assertTrue(p.startsWith(names), p);
    assertTrue(p.contains(says), p);
  }

  @Test
  void superclassWithStateIsNamedWithItsFields() {
    String p = fail("ExtendsStateful", "StatefulBase").problems().get(0);
    assertTrue(p.startsWith("class " + P + "ExtendsStateful extends " + P + "StatefulBase"), p);
    assertTrue(p.contains("fields " + P + "StatefulBase.hidden, " + P + "StatefulBase.more"), p);
  }

  @Test
  void statelessSuperclassIsToBeAnnotatedToo() {
    String p = fail("ExtendsStateless", "StatelessBase").problems().get(0);
    assertTrue(p.contains("annotate " + P + "StatelessBase @Persistent"), p);
  }

  @Test
  void innerClassesHoldTheirOuterInstance() {
    String p = fail("Outer$Inner", "Outer").problems().get(0);
    assertTrue(p.startsWith("field " + P + "Outer$Inner.this$0 is synthetic"), p);
  }

  @Test
  void subclassOfAPersistentClassMustBePersistent() {
    String p = fail("Parent", "UnannotatedChild").problems().get(0);
    assertTrue(p.startsWith("class " + P + "UnannotatedChild extends the persistent class"), p);
  }

  @Test
  void fieldHidingAnInheritedPersistentFieldIsRefused() {
    String p = fail("Parent", "HidingChild").problems().get(0);
    assertTrue(p.contains(P + "HidingChild.v hides the persistent field " + P + "Parent.v"), p);
  }

  @Test
  void everyProblemOfARunIsReportedAndNothingIsReturned() {
    CodegenException e = fail("IntArrayField", "VolatileField", "Parent", "UnannotatedChild");
    assertEquals(3, e.problems().size(), e.getMessage());
  }

  @Test
  void explicitNamesMustBeInTheInput() {
    Transformer t =
        new Transformer(
            ClassLookup.of(getClass().getClassLoader()), Map.of(P + "Missing", FaMode.NONE));
    CodegenException e =
        assertThrows(CodegenException.class, () -> t.transform(List.of(BAD.get(P + "Parent"))));
    assertTrue(e.problems().get(0).contains(P + "Missing was named explicitly"), e.getMessage());
  }

  /** Built with ASM: javac emits field handles only for records, which cannot be persistent. */
  @Test
  void methodHandlesToPersistentFieldsAreRefused() {
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(
        Opcodes.V17,
        Opcodes.ACC_PUBLIC,
        "org/jnvm/codegen/corpus/bad/Peek",
        null,
        "java/lang/Object",
        null);
    MethodVisitor m = w.visitMethod(Opcodes.ACC_STATIC, "peek", "()Ljava/lang/Object;", null, null);
    m.visitLdcInsn(
        new Handle(Opcodes.H_GETFIELD, "org/jnvm/codegen/corpus/bad/Parent", "v", "I", false));
    m.visitInsn(Opcodes.ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    CodegenException e =
        assertThrows(
            CodegenException.class,
            () -> Corpus.transformer().transform(List.of(BAD.get(P + "Parent"), w.toByteArray())));
    assertTrue(
        e.problems().get(0).startsWith("method " + P + "Peek.peek()Ljava/lang/Object; takes a"),
        e.getMessage());
  }

  /** Built with ASM: javac 17 cannot assign a field before super(...) (later javac can). */
  @Test
  void fieldAssignedBeforeTheSuperCallIsRefused() {
    String early = "org/jnvm/codegen/corpus/bad/Early";
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, early, null, "java/lang/Object", null);
    w.visitAnnotation("Lorg/jnvm/core/annotation/Persistent;", false).visitEnd();
    w.visitField(0, "v", "I", null, null).visitEnd();
    MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitInsn(Opcodes.ICONST_1);
    m.visitFieldInsn(Opcodes.PUTFIELD, early, "v", "I");
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    m.visitInsn(Opcodes.RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    CodegenException e =
        assertThrows(
            CodegenException.class, () -> Corpus.transformer().transform(List.of(w.toByteArray())));
    assertEquals(1, e.problems().size(), e.getMessage());
    assertTrue(
        e.problems().get(0).startsWith("field " + P + "Early.v is assigned before the superclass"),
        e.getMessage());
  }
}
