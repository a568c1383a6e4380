package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import org.objectweb.asm.Handle;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.LdcInsnNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Rewrites every {@code getfield}/{@code putfield} that resolves to a persistent field, in any
 * class of the code base, into a call of the field's accessor on the same class reference ({@code
 * o.x = v} becomes {@code o.jnvm$set$x(v)}). Method handles to persistent fields cannot be
 * rewritten and are reported.
 */
final class FieldAccesses {
  private final FieldResolver fields;
  private final Problems problems;

  FieldAccesses(FieldResolver fields, Problems problems) {
    this.fields = fields;
    this.problems = problems;
  }

  /** True if {@code cn} reads or writes a persistent field (nothing is changed). */
  boolean uses(ClassNode cn) {
    for (MethodNode m : cn.methods) {
      for (AbstractInsnNode i : m.instructions) {
        if (persistent(i) != null || handles(i)) return true;
      }
    }
    return false;
  }

  /** Rewrites the accesses of {@code cn}; reports handles. */
  void apply(ClassNode cn) {
    for (MethodNode m : cn.methods) {
      for (AbstractInsnNode i : m.instructions.toArray()) {
        PField p = persistent(i);
        if (p != null) m.instructions.set(i, call((FieldInsnNode) i, p));
        else if (handles(i)) report(cn, m);
      }
    }
  }

  private PField persistent(AbstractInsnNode i) {
    if (i instanceof FieldInsnNode f && (f.getOpcode() == GETFIELD || f.getOpcode() == PUTFIELD)) {
      return fields.resolve(f.owner, f.name);
    }
    return null;
  }

  private static MethodInsnNode call(FieldInsnNode f, PField p) {
    boolean get = f.getOpcode() == GETFIELD;
    return new MethodInsnNode(
        INVOKEVIRTUAL,
        f.owner,
        get ? Names.getter(p.name()) : Names.setter(p.name()),
        get ? p.getterDesc() : p.setterDesc(),
        false);
  }

  /** True if {@code i} loads a method handle to a persistent field. */
  private boolean handles(AbstractInsnNode i) {
    if (i instanceof LdcInsnNode l) return fieldHandle(l.cst);
    if (i instanceof InvokeDynamicInsnNode d) {
      for (Object a : d.bsmArgs) {
        if (fieldHandle(a)) return true;
      }
    }
    return false;
  }

  private boolean fieldHandle(Object o) {
    return o instanceof Handle h
        && (h.getTag() == H_GETFIELD || h.getTag() == H_PUTFIELD)
        && fields.resolve(h.getOwner(), h.getName()) != null;
  }

  private void report(ClassNode cn, MethodNode m) {
    problems.add(
        "method "
            + Names.binary(cn.name)
            + "."
            + m.name
            + m.desc
            + " takes a method handle to a persistent field; use a method instead");
  }
}
