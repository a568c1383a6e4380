package org.jnvm.dso.proxy;

import static org.objectweb.asm.Opcodes.CHECKCAST;
import static org.objectweb.asm.Opcodes.INVOKESTATIC;
import static org.objectweb.asm.Opcodes.INVOKEVIRTUAL;

import org.objectweb.asm.MethodVisitor;
import org.objectweb.asm.Type;

/** Boxes and unboxes primitives in generated code ({@code Integer.valueOf}, {@code intValue}). */
final class Boxing {
  private Boxing() {}

  /** Boxes the primitive on the stack (no-op for references). */
  static void box(MethodVisitor mv, Type t) {
    String owner = wrapper(t);
    if (owner != null) {
      mv.visitMethodInsn(
          INVOKESTATIC, owner, "valueOf", "(" + t.getDescriptor() + ")L" + owner + ";", false);
    }
  }

  /** Casts the Object on the stack to {@code t}'s wrapper and unboxes it. */
  static void unbox(MethodVisitor mv, Type t) {
    String owner = wrapper(t);
    mv.visitTypeInsn(CHECKCAST, owner);
    mv.visitMethodInsn(
        INVOKEVIRTUAL, owner, t.getClassName() + "Value", "()" + t.getDescriptor(), false);
  }

  private static String wrapper(Type t) {
    switch (t.getSort()) {
      case Type.BOOLEAN:
        return "java/lang/Boolean";
      case Type.BYTE:
        return "java/lang/Byte";
      case Type.CHAR:
        return "java/lang/Character";
      case Type.SHORT:
        return "java/lang/Short";
      case Type.INT:
        return "java/lang/Integer";
      case Type.LONG:
        return "java/lang/Long";
      case Type.FLOAT:
        return "java/lang/Float";
      case Type.DOUBLE:
        return "java/lang/Double";
      default:
        return null;
    }
  }
}
