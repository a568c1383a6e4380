package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;
import org.objectweb.asm.tree.analysis.Analyzer;
import org.objectweb.asm.tree.analysis.AnalyzerException;
import org.objectweb.asm.tree.analysis.Frame;
import org.objectweb.asm.tree.analysis.SourceInterpreter;
import org.objectweb.asm.tree.analysis.SourceValue;

/**
 * The {@code putfield}s of a constructor whose receiver is certainly {@code this}: every value that
 * can reach the receiver slot comes from {@code aload 0}, and local 0 is never reassigned.
 */
final class ThisStores {
  private ThisStores() {}

  static List<FieldInsnNode> find(String owner, MethodNode m) {
    List<FieldInsnNode> out = new ArrayList<>();
    if (writesLocalZero(m)) return out;
    Frame<SourceValue>[] frames;
    try {
      frames = new Analyzer<>(new SourceInterpreter()).analyze(owner, m);
    } catch (AnalyzerException e) {
      return out; // leave every store to the ordinary setter: always correct
    }
    AbstractInsnNode[] code = m.instructions.toArray();
    for (int i = 0; i < code.length; i++) {
      if (code[i].getOpcode() == PUTFIELD && frames[i] != null && receiverIsThis(frames[i])) {
        out.add((FieldInsnNode) code[i]);
      }
    }
    return out;
  }

  /** The receiver sits below the value on the stack (one entry per value, whatever its size). */
  private static boolean receiverIsThis(Frame<SourceValue> f) {
    SourceValue receiver = f.getStack(f.getStackSize() - 2);
    if (receiver.insns.isEmpty()) return false;
    for (AbstractInsnNode i : receiver.insns) {
      if (!(i instanceof VarInsnNode v) || v.getOpcode() != ALOAD || v.var != 0) return false;
    }
    return true;
  }

  private static boolean writesLocalZero(MethodNode m) {
    for (AbstractInsnNode i : m.instructions) {
      if (i instanceof VarInsnNode v && v.var == 0 && v.getOpcode() >= ISTORE) return true;
    }
    return false;
  }
}
