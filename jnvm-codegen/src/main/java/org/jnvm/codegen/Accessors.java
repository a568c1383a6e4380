package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Emits the getter and setter of each persistent field: what every read and write of the field,
 * anywhere in the code base, calls instead.
 *
 * <pre>{@code
 * final int jnvm$get$x() { return getInt(X); }
 * final void jnvm$set$x(int v) {
 *   if (Hooks.inBlock()) { Hooks.beforeStore(this, X, 4); setInt(X, v); }  // logged, durable at commit
 *   else { setInt(X, v); pwbField(X); }                         // written back, durable at next fence
 * }
 * final String jnvm$get$s() { PString p = getRef(S); return p == null ? null : p.toString(); }
 * final void jnvm$set$s(String v) {    // the field owns its PString: the old one is freed
 *   long old = getRefOffset(S);
 *   PString p = v == null ? null : new PString(heap(), v);         // durable when built
 *   if (Hooks.inBlock()) { Hooks.beforeStore(this, S, 8); setRef(S, p); }
 *   else { setRef(S, p); pwbField(S); Pmem.pfence(); }           // durable before the free
 *   if (old != 0) heap().free(heap().object(old));                // inside a block: at commit
 * }
 * }</pre>
 */
final class Accessors {
  private Accessors() {}

  static void emit(ClassNode cn, PField f) {
    cn.methods.add(getter(cn.name, f));
    cn.methods.add(f.kind() == FieldKind.STRING ? stringSetter(cn.name, f) : setter(cn.name, f));
    if (f.kind() != FieldKind.STRING) cn.methods.add(initializer(cn.name, f));
  }

  /**
   * {@code jnvm$init$x(v) { setInt(X, v); }}: constructors store into their own object this way. It
   * is fresh (no block logs it, nothing references it yet) and the constructor's wrapper writes it
   * back whole before returning. String fields have none: a constructor that assigns one twice must
   * free the first copy, which the setter does.
   */
  private static MethodNode initializer(String cls, PField f) {
    MethodNode m =
        new MethodNode(f.accessorAccess(), Names.initializer(f.name()), f.setterDesc(), null, null);
    m.visitCode();
    store(m, cls, f, 1);
    m.visitInsn(RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    return m;
  }

  private static MethodNode getter(String cls, PField f) {
    MethodNode m =
        new MethodNode(f.accessorAccess(), Names.getter(f.name()), f.getterDesc(), null, null);
    m.visitCode();
    m.visitVarInsn(ALOAD, 0);
    m.visitLdcInsn((long) f.offset());
    m.visitMethodInsn(INVOKEVIRTUAL, cls, f.kind().getterName(), f.kind().getterDesc(), false);
    if (f.kind() == FieldKind.STRING) {
      decode(m);
    } else {
      String type = Type.getType(f.desc()).getInternalName();
      if (f.kind() == FieldKind.REF && !type.equals(Names.POBJECT)) {
        m.visitTypeInsn(CHECKCAST, type);
      }
      m.visitInsn(f.kind().ret);
    }
    m.visitMaxs(0, 0);
    m.visitEnd();
    return m;
  }

  /** Stack: the PString (as PObject); returns its chars, or null. */
  private static void decode(MethodVisitor m) {
    Label some = new Label();
    m.visitTypeInsn(CHECKCAST, Names.PSTRING);
    m.visitVarInsn(ASTORE, 1);
    m.visitVarInsn(ALOAD, 1);
    m.visitJumpInsn(IFNONNULL, some);
    m.visitInsn(ACONST_NULL);
    m.visitInsn(ARETURN);
    m.visitLabel(some);
    m.visitVarInsn(ALOAD, 1);
    m.visitMethodInsn(INVOKEVIRTUAL, Names.PSTRING, "toString", "()Ljava/lang/String;", false);
    m.visitInsn(ARETURN);
  }

  private static MethodNode setter(String cls, PField f) {
    MethodNode m =
        new MethodNode(f.accessorAccess(), Names.setter(f.name()), f.setterDesc(), null, null);
    Label outside = new Label();
    m.visitCode();
    m.visitMethodInsn(INVOKESTATIC, Names.HOOKS, "inBlock", "()Z", false);
    m.visitJumpInsn(IFEQ, outside);
    beforeStore(m, f);
    store(m, cls, f, 1);
    m.visitInsn(RETURN);
    m.visitLabel(outside);
    store(m, cls, f, 1);
    pwbField(m, cls, f);
    m.visitInsn(RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    return m;
  }

  /** Locals: 1 the String, 2-3 the old reference, 4 the new PString. */
  private static MethodNode stringSetter(String cls, PField f) {
    MethodNode m =
        new MethodNode(f.accessorAccess(), Names.setter(f.name()), f.setterDesc(), null, null);
    m.visitCode();
    m.visitVarInsn(ALOAD, 0);
    m.visitLdcInsn((long) f.offset());
    m.visitMethodInsn(INVOKEVIRTUAL, cls, "getRefOffset", "(J)J", false);
    m.visitVarInsn(LSTORE, 2);
    copyString(m, cls);
    storeStringRef(m, cls, f);
    freeOld(m, cls);
    m.visitInsn(RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    return m;
  }

  /** {@code p = v == null ? null : new PString(heap(), v)}: durable when built. */
  private static void copyString(MethodVisitor m, String cls) {
    Label copy = new Label();
    Label done = new Label();
    m.visitVarInsn(ALOAD, 1);
    m.visitJumpInsn(IFNONNULL, copy);
    m.visitInsn(ACONST_NULL);
    m.visitVarInsn(ASTORE, 4);
    m.visitJumpInsn(GOTO, done);
    m.visitLabel(copy);
    m.visitTypeInsn(NEW, Names.PSTRING);
    m.visitInsn(DUP);
    heap(m, cls);
    m.visitVarInsn(ALOAD, 1);
    m.visitMethodInsn(
        INVOKESPECIAL, Names.PSTRING, "<init>", "(" + Names.HEAP_D + "Ljava/lang/String;)V", false);
    m.visitVarInsn(ASTORE, 4);
    m.visitLabel(done);
  }

  /** Logged inside a block; else written back and fenced, so the old string can go. */
  private static void storeStringRef(MethodVisitor m, String cls, PField f) {
    Label outside = new Label();
    Label done = new Label();
    m.visitMethodInsn(INVOKESTATIC, Names.HOOKS, "inBlock", "()Z", false);
    m.visitJumpInsn(IFEQ, outside);
    beforeStore(m, f);
    store(m, cls, f, 4);
    m.visitJumpInsn(GOTO, done);
    m.visitLabel(outside);
    store(m, cls, f, 4);
    pwbField(m, cls, f);
    m.visitMethodInsn(INVOKESTATIC, Names.PMEM, "pfence", "()V", false);
    m.visitLabel(done);
  }

  /** {@code if (old != 0) heap().free(heap().object(old))}: inside a block, at commit. */
  private static void freeOld(MethodVisitor m, String cls) {
    Label done = new Label();
    m.visitVarInsn(LLOAD, 2);
    m.visitInsn(LCONST_0);
    m.visitInsn(LCMP);
    m.visitJumpInsn(IFEQ, done);
    heap(m, cls);
    m.visitInsn(DUP);
    m.visitVarInsn(LLOAD, 2);
    m.visitMethodInsn(INVOKEVIRTUAL, Names.HEAP, "object", "(J)" + Names.POBJECT_D, false);
    m.visitMethodInsn(INVOKEVIRTUAL, Names.HEAP, "free", "(" + Names.POBJECT_D + ")V", false);
    m.visitLabel(done);
  }

  private static void heap(MethodVisitor m, String cls) {
    m.visitVarInsn(ALOAD, 0);
    m.visitMethodInsn(INVOKEVIRTUAL, cls, "heap", "()" + Names.HEAP_D, false);
  }

  private static void beforeStore(MethodVisitor m, PField f) {
    m.visitVarInsn(ALOAD, 0);
    m.visitLdcInsn((long) f.offset());
    m.visitLdcInsn((long) f.kind().size);
    m.visitMethodInsn(
        INVOKESTATIC, Names.HOOKS, "beforeStore", "(" + Names.POBJECT_D + "JJ)V", false);
  }

  /** {@code setX(OFF, value)} with the value in local {@code slot}. */
  private static void store(MethodVisitor m, String cls, PField f, int slot) {
    m.visitVarInsn(ALOAD, 0);
    m.visitLdcInsn((long) f.offset());
    m.visitVarInsn(f.kind().load, slot);
    m.visitMethodInsn(INVOKEVIRTUAL, cls, f.kind().setterName(), f.kind().setterDesc(), false);
  }

  private static void pwbField(MethodVisitor m, String cls, PField f) {
    m.visitVarInsn(ALOAD, 0);
    m.visitLdcInsn((long) f.offset());
    m.visitMethodInsn(INVOKEVIRTUAL, cls, "pwbField", "(J)V", false);
  }
}
