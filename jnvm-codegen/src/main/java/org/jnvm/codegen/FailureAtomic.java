package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.InvokeDynamicInsnNode;
import org.objectweb.asm.tree.JumpInsnNode;
import org.objectweb.asm.tree.LabelNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.TryCatchBlockNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Wraps the methods {@code @Persistent(fa)} selects into failure-atomic blocks, in the shape {@link
 * org.jnvm.jpfa.Hooks} documents:
 *
 * <pre>{@code
 * Hooks.enter(heap());
 * try { ...body, each return stores its value and jumps to END... }
 * catch (Throwable t) { Hooks.abort(t); throw t; }
 * END: Hooks.exit(); return value;
 * }</pre>
 *
 * Selected: instance methods with code that are neither bridges nor synthetic nor generated, and
 * for "non-private" not private. A method that stores no persistent field and calls nothing (a
 * getter) cannot change persistent state, so it is left as is: an empty block would only cost.
 */
final class FailureAtomic {
  private FailureAtomic() {}

  /** Wraps the selected methods of {@code cn}; run before field accesses are rewritten. */
  static void apply(ClassNode cn, ClassPlan plan, FieldResolver fields) {
    if (plan.fa() == FaMode.NONE) return;
    for (MethodNode m : List.copyOf(cn.methods)) {
      if (selected(m, plan.fa()) && mayStore(m, fields)) wrap(m);
    }
  }

  static boolean selected(MethodNode m, FaMode fa) {
    int skip = ACC_STATIC | ACC_ABSTRACT | ACC_NATIVE | ACC_BRIDGE | ACC_SYNTHETIC;
    if ((m.access & skip) != 0 || m.name.startsWith("<") || m.name.startsWith(Names.PREFIX)) {
      return false;
    }
    return fa == FaMode.ALL || (m.access & ACC_PRIVATE) == 0;
  }

  /** False only if the method provably stores nothing persistent: no call, no persistent store. */
  private static boolean mayStore(MethodNode m, FieldResolver fields) {
    for (AbstractInsnNode i : m.instructions) {
      if (i instanceof MethodInsnNode || i instanceof InvokeDynamicInsnNode) return true;
      if (i instanceof FieldInsnNode f
          && f.getOpcode() == PUTFIELD
          && fields.resolve(f.owner, f.name) != null) {
        return true;
      }
    }
    return false;
  }

  private static void wrap(MethodNode m) {
    Type ret = Type.getReturnType(m.desc);
    int result = m.maxLocals;
    int thrown = result + Math.max(ret.getSize(), 1);
    m.maxLocals = thrown + 1;
    LabelNode start = new LabelNode();
    LabelNode end = new LabelNode();
    LabelNode handler = new LabelNode();
    LabelNode exit = new LabelNode();
    redirectReturns(m.instructions, ret, result, exit);
    InsnList pre = new InsnList();
    pre.add(new VarInsnNode(ALOAD, 0));
    pre.add(new MethodInsnNode(INVOKEVIRTUAL, Names.POBJECT, "heap", "()" + Names.HEAP_D, false));
    pre.add(hook("enter", "(" + Names.HEAP_D + ")V"));
    pre.add(start);
    m.instructions.insert(pre);
    InsnList post = new InsnList();
    post.add(end);
    post.add(handler);
    post.add(new VarInsnNode(ASTORE, thrown));
    post.add(new VarInsnNode(ALOAD, thrown));
    post.add(hook("abort", "(Ljava/lang/Throwable;)V"));
    post.add(new VarInsnNode(ALOAD, thrown));
    post.add(new InsnNode(ATHROW));
    post.add(exit);
    post.add(hook("exit", "()V"));
    if (ret.getSort() != Type.VOID) post.add(new VarInsnNode(ret.getOpcode(ILOAD), result));
    post.add(new InsnNode(ret.getOpcode(IRETURN)));
    m.instructions.add(post);
    m.tryCatchBlocks.add(new TryCatchBlockNode(start, end, handler, Names.THROWABLE));
  }

  /** Each {@code xRETURN} becomes {@code xSTORE result; GOTO exit}. */
  private static void redirectReturns(InsnList code, Type ret, int result, LabelNode exit) {
    for (AbstractInsnNode i : code.toArray()) {
      int op = i.getOpcode();
      if (op < IRETURN || op > RETURN) continue;
      InsnList r = new InsnList();
      if (op != RETURN) r.add(new VarInsnNode(ret.getOpcode(ISTORE), result));
      r.add(new JumpInsnNode(GOTO, exit));
      code.insertBefore(i, r);
      code.remove(i);
    }
  }

  private static MethodInsnNode hook(String name, String desc) {
    return new MethodInsnNode(INVOKESTATIC, Names.HOOKS, name, desc, false);
  }
}
