package org.jnvm.dso.proxy;

import static org.objectweb.asm.Opcodes.AASTORE;
import static org.objectweb.asm.Opcodes.ACC_FINAL;
import static org.objectweb.asm.Opcodes.ACC_PRIVATE;
import static org.objectweb.asm.Opcodes.ACC_PROTECTED;
import static org.objectweb.asm.Opcodes.ACC_PUBLIC;
import static org.objectweb.asm.Opcodes.ACC_SUPER;
import static org.objectweb.asm.Opcodes.ACC_SYNTHETIC;
import static org.objectweb.asm.Opcodes.ALOAD;
import static org.objectweb.asm.Opcodes.ANEWARRAY;
import static org.objectweb.asm.Opcodes.ARETURN;
import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.DUP;
import static org.objectweb.asm.Opcodes.GETFIELD;
import static org.objectweb.asm.Opcodes.IFNONNULL;
import static org.objectweb.asm.Opcodes.INVOKESPECIAL;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.POP;
import static org.objectweb.asm.Opcodes.PUTFIELD;
import static org.objectweb.asm.Opcodes.RETURN;
import static org.objectweb.asm.Opcodes.V17;

import java.lang.reflect.Method;
import org.objectweb.asm.ClassWriter;
import org.objectweb.asm.Label;
import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/**
 * Writes the bytecode of a subclass proxy from a {@link ProxyPlan}:
 *
 * <pre>
 * final class T$DsoProxy extends T {
 *   private final InvocationHandler $dso;
 *   public T$DsoProxy(InvocationHandler h) { super(); $dso = h; }
 *   public R m(A a, B b) {                     // for each planned method
 *     if ($dso == null) return super.m(a, b);  // T's constructor calling m: stay local
 *     return (R) ProxySupport.call($dso, "m", new Object[] {a, b});   // unboxed if primitive
 *   }
 *   equals / hashCode / toString  -> ProxySupport (by reference name)
 *   Object writeReplace()         -> ProxySupport.replace($dso, T.class)   (Serializable T only)
 * }
 * </pre>
 */
final class ProxyEmitter {
  static final String HANDLER = "$dso";
  private static final String HANDLER_DESC = "Ljava/lang/reflect/InvocationHandler;";
  private static final String SUPPORT = "org/jnvm/dso/ProxySupport";

  private final ProxyPlan plan;
  private final String name;
  private final String superName;
  private final ClassWriter cw =
      new ClassWriter(ClassWriter.COMPUTE_FRAMES | ClassWriter.COMPUTE_MAXS);

  private ProxyEmitter(ProxyPlan plan) {
    this.plan = plan;
    this.superName = Type.getInternalName(plan.type());
    this.name = superName + "$DsoProxy";
  }

  /** The proxy class's binary name for {@code type}. */
  static String proxyName(Class<?> type) {
    return type.getName() + "$DsoProxy";
  }

  static byte[] emit(ProxyPlan plan) {
    return new ProxyEmitter(plan).run();
  }

  private byte[] run() {
    cw.visit(V17, ACC_PUBLIC | ACC_FINAL | ACC_SUPER | ACC_SYNTHETIC, name, null, superName, null);
    cw.visitField(ACC_PRIVATE | ACC_FINAL, HANDLER, HANDLER_DESC, null, null).visitEnd();
    constructor();
    for (Method m : plan.methods()) {
      forward(m);
    }
    local(
        "equals",
        "(Ljava/lang/Object;)Z",
        "(Ljava/lang/reflect/InvocationHandler;Ljava/lang/Object;)Z",
        1);
    local("hashCode", "()I", "(Ljava/lang/reflect/InvocationHandler;)I", 0);
    local(
        "toString",
        "()Ljava/lang/String;",
        "(Ljava/lang/reflect/InvocationHandler;)Ljava/lang/String;",
        0);
    if (plan.serializable()) {
      writeReplace();
    }
    cw.visitEnd();
    return cw.toByteArray();
  }

  private void constructor() {
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, "<init>", "(" + HANDLER_DESC + ")V", null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitMethodInsn(INVOKESPECIAL, superName, "<init>", "()V", false);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitVarInsn(ALOAD, 1);
    mv.visitFieldInsn(PUTFIELD, name, HANDLER, HANDLER_DESC);
    mv.visitInsn(RETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private void forward(Method m) {
    String desc = Type.getMethodDescriptor(m);
    Type[] args = Type.getArgumentTypes(desc);
    Type ret = Type.getReturnType(desc);
    String[] exceptions = new String[m.getExceptionTypes().length];
    for (int i = 0; i < exceptions.length; i++) {
      exceptions[i] = Type.getInternalName(m.getExceptionTypes()[i]);
    }
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, m.getName(), desc, null, exceptions);
    mv.visitCode();
    Label remote = new Label();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitFieldInsn(GETFIELD, name, HANDLER, HANDLER_DESC);
    mv.visitJumpInsn(IFNONNULL, remote);
    mv.visitVarInsn(ALOAD, 0);
    loadArgs(mv, args);
    mv.visitMethodInsn(INVOKESPECIAL, superName, m.getName(), desc, false);
    mv.visitInsn(ret.getOpcode(org.objectweb.asm.Opcodes.IRETURN));
    mv.visitLabel(remote);
    mv.visitVarInsn(ALOAD, 0);
    mv.visitFieldInsn(GETFIELD, name, HANDLER, HANDLER_DESC);
    mv.visitLdcInsn(m.getName());
    argArray(mv, args);
    mv.visitMethodInsn(
        INVOKESTATIC,
        SUPPORT,
        "call",
        "(" + HANDLER_DESC + "Ljava/lang/String;[Ljava/lang/Object;)Ljava/lang/Object;",
        false);
    returnValue(mv, ret);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private static void loadArgs(MethodVisitor mv, Type[] args) {
    int slot = 1;
    for (Type a : args) {
      mv.visitVarInsn(a.getOpcode(org.objectweb.asm.Opcodes.ILOAD), slot);
      slot += a.getSize();
    }
  }

  /** Pushes {@code new Object[] {args...}}, boxing primitives. */
  private static void argArray(MethodVisitor mv, Type[] args) {
    mv.visitLdcInsn(args.length);
    mv.visitTypeInsn(ANEWARRAY, "java/lang/Object");
    int slot = 1;
    for (int i = 0; i < args.length; i++) {
      mv.visitInsn(DUP);
      mv.visitLdcInsn(i);
      mv.visitVarInsn(args[i].getOpcode(org.objectweb.asm.Opcodes.ILOAD), slot);
      Boxing.box(mv, args[i]);
      mv.visitInsn(AASTORE);
      slot += args[i].getSize();
    }
  }

  private static void returnValue(MethodVisitor mv, Type ret) {
    if (ret.getSort() == Type.VOID) {
      mv.visitInsn(POP);
      mv.visitInsn(RETURN);
    } else if (ret.getSort() == Type.OBJECT || ret.getSort() == Type.ARRAY) {
      mv.visitTypeInsn(CHECKCAST, ret.getInternalName());
      mv.visitInsn(ARETURN);
    } else {
      Boxing.unbox(mv, ret);
      mv.visitInsn(ret.getOpcode(org.objectweb.asm.Opcodes.IRETURN));
    }
  }

  /** An Object method answered locally by ProxySupport from the handler's reference. */
  private void local(String method, String desc, String supportDesc, int args) {
    MethodVisitor mv = cw.visitMethod(ACC_PUBLIC, method, desc, null, null);
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitFieldInsn(GETFIELD, name, HANDLER, HANDLER_DESC);
    if (args == 1) {
      mv.visitVarInsn(ALOAD, 1);
    }
    mv.visitMethodInsn(INVOKESTATIC, SUPPORT, method, supportDesc, false);
    mv.visitInsn(Type.getReturnType(desc).getOpcode(org.objectweb.asm.Opcodes.IRETURN));
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }

  private void writeReplace() {
    MethodVisitor mv =
        cw.visitMethod(
            ACC_PROTECTED,
            "writeReplace",
            "()Ljava/lang/Object;",
            null,
            new String[] {"java/io/ObjectStreamException"});
    mv.visitCode();
    mv.visitVarInsn(ALOAD, 0);
    mv.visitFieldInsn(GETFIELD, name, HANDLER, HANDLER_DESC);
    mv.visitLdcInsn(Type.getObjectType(superName));
    mv.visitMethodInsn(
        INVOKESTATIC,
        SUPPORT,
        "replace",
        "(" + HANDLER_DESC + "Ljava/lang/Class;)Ljava/lang/Object;",
        false);
    mv.visitInsn(ARETURN);
    mv.visitMaxs(0, 0);
    mv.visitEnd();
  }
}
