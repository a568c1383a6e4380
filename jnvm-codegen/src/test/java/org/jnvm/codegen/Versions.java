package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.core.heap.PersistentClass;
import org.objectweb.asm.AnnotationVisitor;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.FieldVisitor;
import org.objectweb.asm.MethodVisitor;

/**
 * Versions of a {@code @Persistent} class for evolution tests: each version is written as javac
 * would compile it (fields, {@code @FormerNames}, a no-argument constructor), transformed by the
 * generator, and defined by a class loader of its own, as a new release of an application is.
 */
final class Versions {
  private Versions() {}

  /**
   * One field: its name, descriptor, its {@code @DefaultValue} (or null), its {@code @FormerNames}.
   */
  record F(String name, String desc, String dflt, String... former) {}

  /** One class of a version: binary name, persistent superclass (or null), fields. */
  record C(String name, String superName, List<F> fields, String... former) {}

  static F f(String name, String desc, String... former) {
    return new F(name, desc, null, former);
  }

  /** A field declared with {@code @DefaultValue(value)}. */
  static F fd(String name, String desc, String value) {
    return new F(name, desc, value);
  }

  static C c(String name, F... fields) {
    return new C(name, null, List.of(fields));
  }

  /** Transforms and loads one version made of {@code classes}; returns the last, initialized. */
  static Class<?> load(C... classes) {
    return load(null, classes);
  }

  /**
   * {@link #load} where the last class is {@code @Persistent(fa = "non-private")} with a method
   * {@code void bump(int by)} that adds {@code by} to its int field {@code counter}, then throws
   * {@link IllegalArgumentException} if {@code by} is negative: a failure-atomic method whose block
   * aborts after a store.
   */
  static Class<?> loadFailureAtomic(String counter, C... classes) {
    return load(counter, classes);
  }

  private static Class<?> load(String counter, C... classes) {
    Map<String, byte[]> original = new LinkedHashMap<>();
    for (C c : classes) {
      boolean last = c == classes[classes.length - 1];
      original.put(c.name, bytes(c, last ? counter : null));
    }
    Transformer.Result r = Corpus.transform(original);
    TransformingLoader l = new TransformingLoader("version", original, r);
    try {
      Class<?> last = null;
      for (C c : classes) last = Class.forName(c.name, true, l);
      return last;
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] bytes(C c, String counter) {
    String internal = c.name.replace('.', '/');
    String sup = c.superName == null ? "java/lang/Object" : c.superName.replace('.', '/');
    ClassWriter w = new ClassWriter(ClassWriter.COMPUTE_MAXS | ClassWriter.COMPUTE_FRAMES);
    w.visit(V17, ACC_PUBLIC | ACC_SUPER, internal, null, sup, null);
    AnnotationVisitor persistent = w.visitAnnotation(Names.ANNOTATION, false);
    if (counter != null) persistent.visit("fa", "non-private");
    persistent.visitEnd();
    if (counter != null) bump(w, internal, counter);
    former(w.visitAnnotation(Names.FORMER_NAMES, false), c.former);
    for (F f : c.fields) {
      FieldVisitor v = w.visitField(ACC_PUBLIC, f.name, f.desc, null, null);
      former(v.visitAnnotation(Names.FORMER_NAMES, false), f.former);
      if (f.dflt != null) {
        AnnotationVisitor d = v.visitAnnotation(Names.DEFAULT_VALUE, false);
        d.visit("value", f.dflt);
        d.visitEnd();
      }
      v.visitEnd();
    }
    MethodVisitor m = w.visitMethod(ACC_PUBLIC, "<init>", "()V", null, null);
    m.visitCode();
    m.visitVarInsn(ALOAD, 0);
    m.visitMethodInsn(INVOKESPECIAL, sup, "<init>", "()V", false);
    m.visitInsn(RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    w.visitEnd();
    return w.toByteArray();
  }

  /** {@code public void bump(int by) { counter += by; if (by < 0) throw new IAE(); }} */
  private static void bump(ClassWriter w, String internal, String counter) {
    MethodVisitor m = w.visitMethod(ACC_PUBLIC, "bump", "(I)V", null, null);
    m.visitCode();
    m.visitVarInsn(ALOAD, 0);
    m.visitInsn(DUP);
    m.visitFieldInsn(GETFIELD, internal, counter, "I");
    m.visitVarInsn(ILOAD, 1);
    m.visitInsn(IADD);
    m.visitFieldInsn(PUTFIELD, internal, counter, "I");
    m.visitVarInsn(ILOAD, 1);
    org.objectweb.asm.Label ok = new org.objectweb.asm.Label();
    m.visitJumpInsn(IFGE, ok);
    m.visitTypeInsn(NEW, "java/lang/IllegalArgumentException");
    m.visitInsn(DUP);
    m.visitMethodInsn(INVOKESPECIAL, "java/lang/IllegalArgumentException", "<init>", "()V", false);
    m.visitInsn(ATHROW);
    m.visitLabel(ok);
    m.visitInsn(RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
  }

  /** Calls {@code o.bump(by)}. */
  static void bump(Object o, int by) {
    invoke(o, "bump", by);
  }

  private static void former(AnnotationVisitor a, String[] names) {
    if (names.length == 0) return;
    AnnotationVisitor arr = a.visitArray("value");
    for (String n : names) arr.visit(null, n);
    arr.visitEnd();
    a.visitEnd();
  }

  /** {@code new cls()}: allocated, zeroed and durable in the default heap. */
  static Object create(Class<?> cls) {
    try {
      return cls.getConstructor().newInstance();
    } catch (InvocationTargetException e) {
      if (e.getCause() instanceof RuntimeException r) throw r;
      throw new IllegalStateException(e.getCause());
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The descriptor of a generated class. */
  static PersistentClass<?> type(Class<?> cls) {
    try {
      return (PersistentClass<?>) cls.getField(Names.TYPE).get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The value of persistent field {@code name} through its generated getter. */
  static Object get(Object o, String name) {
    return invoke(o, "jnvm$get$" + name);
  }

  /** Sets persistent field {@code name} through its generated setter. */
  static void set(Object o, String name, Object v) {
    invoke(o, "jnvm$set$" + name, v);
  }

  private static Object invoke(Object o, String method, Object... args) {
    List<Class<?>> seen = new ArrayList<>();
    for (Class<?> c = o.getClass(); c != null; c = c.getSuperclass()) {
      seen.add(c);
      for (Method m : c.getDeclaredMethods()) {
        if (!m.getName().equals(method) || m.getParameterCount() != args.length) continue;
        try {
          m.setAccessible(true);
          return m.invoke(o, args);
        } catch (InvocationTargetException e) {
          if (e.getCause() instanceof RuntimeException r) throw r;
          throw new IllegalStateException(e.getCause());
        } catch (IllegalAccessException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    throw new IllegalArgumentException("no " + method + " in " + seen);
  }
}
