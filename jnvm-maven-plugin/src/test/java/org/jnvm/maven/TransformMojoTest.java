package org.jnvm.maven;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.maven.plugin.MojoFailureException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Opcodes;

/** The goal as Maven runs it: in place, idempotent, and a problem fails the build. */
class TransformMojoTest {

  /** A {@code @Persistent} class {@code p.NAME} with one field of descriptor {@code desc}. */
  private static byte[] persistentClass(String name, String desc) {
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS);
    w.visit(Opcodes.V17, Opcodes.ACC_PUBLIC, "p/" + name, null, "java/lang/Object", null);
    w.visitAnnotation("Lorg/jnvm/core/annotation/Persistent;", false).visitEnd();
    w.visitField(0, "values", desc, null, null).visitEnd();
    MethodVisitor m = w.visitMethod(Opcodes.ACC_PUBLIC, "<init>", "()V", null, null);
    m.visitVarInsn(Opcodes.ALOAD, 0);
    m.visitMethodInsn(Opcodes.INVOKESPECIAL, "java/lang/Object", "<init>", "()V", false);
    m.visitInsn(Opcodes.RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    return w.toByteArray();
  }

  private static TransformMojo mojo(Path classes) throws Exception {
    TransformMojo m = new TransformMojo();
    set(m, "classesDirectory", classes.toFile());
    set(m, "classpathElements", List.of());
    return m;
  }

  private static void set(Object o, String field, Object value) throws Exception {
    Class<?> c = o.getClass();
    while (!hasField(c, field)) c = c.getSuperclass();
    Field f = c.getDeclaredField(field);
    f.setAccessible(true);
    f.set(o, value);
  }

  private static boolean hasField(Class<?> c, String field) {
    for (Field f : c.getDeclaredFields()) {
      if (f.getName().equals(field)) return true;
    }
    return false;
  }

  @Test
  void transformsInPlaceOnceOnly(@TempDir Path dir) throws Exception {
    Path classes = dir.resolve("classes"); // the mojo keeps its state beside it, inside dir
    Path p = Files.createDirectories(classes.resolve("p")).resolve("Good.class");
    Files.write(p, persistentClass("Good", "J"));
    mojo(classes).execute();
    byte[] once = Files.readAllBytes(p);
    assertTrue(
        new String(once, java.nio.charset.StandardCharsets.ISO_8859_1).contains("jnvm$FIELDS"));
    mojo(classes).execute();
    assertArrayEquals(once, Files.readAllBytes(p));
    assertTrue(Files.isDirectory(dir.resolve("jnvm-codegen").resolve("classes")), "state beside");
  }

  @Test
  void problemsFailTheBuildNamingClassAndField(@TempDir Path dir) throws Exception {
    Path classes = dir.resolve("classes");
    Path p = Files.createDirectories(classes.resolve("p")).resolve("Bad.class");
    byte[] bad = persistentClass("Bad", "[I");
    Files.write(p, bad);
    MojoFailureException e =
        assertThrows(MojoFailureException.class, () -> mojo(classes).execute());
    assertTrue(e.getMessage().contains("field p.Bad.values: Java arrays (int[])"), e.getMessage());
    assertArrayEquals(bad, Files.readAllBytes(p));
  }

  @Test
  void missingDirectoryOrSkipDoesNothing(@TempDir Path dir) throws Exception {
    mojo(dir.resolve("absent")).execute();
    TransformMojo m = mojo(dir.resolve("skipped"));
    set(m, "skip", true);
    m.execute();
  }
}
