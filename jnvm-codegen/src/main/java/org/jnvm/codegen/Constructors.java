package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import java.util.ArrayList;
import java.util.List;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.AbstractInsnNode;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldInsnNode;
import org.objectweb.asm.tree.IincInsnNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.LocalVariableNode;
import org.objectweb.asm.tree.MethodInsnNode;
import org.objectweb.asm.tree.MethodNode;
import org.objectweb.asm.tree.VarInsnNode;

/**
 * Makes constructors allocate. Each constructor {@code C(args)} becomes a <i>body</i> {@code
 * C(args, PersistentClass type)} (synthetic) holding the original code, whose superclass call
 * passes {@code type} on; the outermost one, {@code PObject(JNVM.heap(), type)}, allocates an
 * object of the class actually instantiated in the default heap, or {@code PObject(heap, type)}
 * when the constructor's first parameter is a {@code Heap heap}. A concrete class gets back {@code
 * C(args)} as a <i>wrapper</i>:
 *
 * <pre>{@code
 * C(args) { this(args, jnvm$TYPE); persist(); }   // durable when the constructor returns
 * }</pre>
 *
 * Inside bodies, stores whose receiver is {@code this} use the store-only initializer ({@link
 * ThisStores}), since {@code persist()} writes the object back whole.
 *
 * <p>An abstract class gets, in place of the wrapper, a stub that throws (only a subclass that was
 * not transformed calls it), so that it still compiles against the transformed class.
 */
final class Constructors {
  private final ClassNode cn;
  private final ClassPlan plan;
  private final FieldResolver fields;
  private final Problems problems;

  Constructors(ClassNode cn, ClassPlan plan, FieldResolver fields, Problems problems) {
    this.cn = cn;
    this.plan = plan;
    this.fields = fields;
    this.problems = problems;
  }

  void apply() {
    List<MethodNode> added = new ArrayList<>();
    for (MethodNode m : cn.methods) {
      if (!m.name.equals("<init>") || (m.access & ACC_SYNTHETIC) != 0) continue;
      if (m.desc.endsWith(Names.RESURRECT_D + ")V")) continue;
      String body = bodyDesc(m.desc);
      if (ProxyShape.hasMethod(cn, "<init>", body)) {
        problems.add(
            "class "
                + Names.binary(cn.name)
                + ": constructor "
                + body
                + " is reserved for generated code; remove it");
        continue;
      }
      added.add(plan.isAbstract() ? stub(m) : wrapper(m));
      toBody(m, body);
    }
    cn.methods.addAll(added);
  }

  /**
   * True if the constructor's first parameter is a {@code Heap}: it then allocates in that heap
   * rather than the default one (for code that holds several heaps open, such as a store).
   */
  static boolean takesHeapFirst(String desc) {
    Type[] args = Type.getArgumentTypes(desc);
    return args.length > 0 && args[0].getDescriptor().equals(Names.HEAP_D);
  }

  static String bodyDesc(String desc) {
    return desc.substring(0, desc.length() - 2) + Names.PCLASS_D + ")V";
  }

  /** Rewrites {@code m} in place into the body constructor. */
  private void toBody(MethodNode m, String body) {
    List<FieldInsnNode> own = ThisStores.find(cn.name, m);
    int typeSlot = (Type.getArgumentsAndReturnSizes(m.desc) >> 2);
    shiftLocals(m, typeSlot);
    MethodInsnNode call = superCall(m);
    if (call == null) {
      problems.add(
          "class " + Names.binary(cn.name) + ": constructor " + m.desc + " has no super call");
      return;
    }
    checkNoStoreBefore(m, call);
    InsnList before = new InsnList();
    if (call.owner.equals(cn.name) || !plan.rebased()) {
      call.desc = bodyDesc(call.desc);
    } else {
      before.add(
          takesHeapFirst(m.desc)
              ? new VarInsnNode(ALOAD, 1)
              : new MethodInsnNode(INVOKESTATIC, Names.JNVM, "heap", "()" + Names.HEAP_D, false));
      call.owner = Names.POBJECT;
      call.desc = "(" + Names.HEAP_D + Names.PCLASS_D + ")V";
    }
    before.add(new VarInsnNode(ALOAD, typeSlot));
    m.instructions.insertBefore(call, before);
    initializeOwnFields(m, own);
    m.desc = body;
    m.access = m.access | ACC_SYNTHETIC;
    m.signature = null;
    m.parameters = null;
    m.visibleAnnotations = m.invisibleAnnotations = null;
    m.visibleParameterAnnotations = m.invisibleParameterAnnotations = null;
    m.visibleAnnotableParameterCount = m.invisibleAnnotableParameterCount = 0;
    m.visibleTypeAnnotations = m.invisibleTypeAnnotations = null;
    m.visibleLocalVariableAnnotations = m.invisibleLocalVariableAnnotations = null;
  }

  /**
   * Stores into this object's persistent fields (but String ones) use the store-only initializer:
   * the object is fresh and the wrapper writes it back whole (one write-back per line, one fence).
   */
  private void initializeOwnFields(MethodNode m, List<FieldInsnNode> own) {
    for (FieldInsnNode f : own) {
      PField p = fields.resolve(f.owner, f.name);
      if (p == null || p.kind() == FieldKind.STRING) continue;
      m.instructions.set(
          f,
          new MethodInsnNode(
              INVOKEVIRTUAL, f.owner, Names.initializer(p.name()), p.setterDesc(), false));
    }
  }

  /** Moves every local at or above {@code first} one slot up, to make room for the type. */
  private static void shiftLocals(MethodNode m, int first) {
    for (AbstractInsnNode i : m.instructions) {
      if (i instanceof VarInsnNode v && v.var >= first) v.var++;
      else if (i instanceof IincInsnNode v && v.var >= first) v.var++;
    }
    if (m.localVariables != null) {
      for (LocalVariableNode l : m.localVariables) {
        if (l.index >= first) l.index++;
      }
    }
    m.maxLocals++;
  }

  /**
   * The call of this class's or the superclass's constructor on {@code this}: the first {@code
   * invokespecial <init>} not matched by a {@code new} before it (javac nests them).
   */
  private static MethodInsnNode superCall(MethodNode m) {
    int pending = 0;
    for (AbstractInsnNode i : m.instructions) {
      if (i.getOpcode() == NEW) pending++;
      if (i instanceof MethodInsnNode c
          && c.getOpcode() == INVOKESPECIAL
          && c.name.equals("<init>")) {
        if (pending == 0) return c;
        pending--;
      }
    }
    return null;
  }

  private void checkNoStoreBefore(MethodNode m, MethodInsnNode call) {
    for (AbstractInsnNode i = m.instructions.getFirst(); i != call; i = i.getNext()) {
      if (i instanceof FieldInsnNode f
          && f.getOpcode() == PUTFIELD
          && f.owner.equals(cn.name)
          && plan.field(f.name) != null) {
        problems.add(
            "field "
                + Names.binary(cn.name)
                + "."
                + f.name
                + " is assigned before the superclass constructor runs, when the object is not"
                + " allocated yet; assign it after super(...)");
      }
    }
  }

  /** {@code C(args) { this(args, jnvm$TYPE); persist(); }} with the original's attributes. */
  private MethodNode wrapper(MethodNode m) {
    MethodNode w = shell(m);
    w.visitCode();
    w.visitVarInsn(ALOAD, 0);
    int slot = 1;
    for (Type t : Type.getArgumentTypes(m.desc)) {
      w.visitVarInsn(t.getOpcode(ILOAD), slot);
      slot += t.getSize();
    }
    w.visitFieldInsn(GETSTATIC, cn.name, Names.TYPE, Names.PCLASS_D);
    w.visitMethodInsn(INVOKESPECIAL, cn.name, "<init>", bodyDesc(m.desc), false);
    w.visitVarInsn(ALOAD, 0);
    w.visitMethodInsn(INVOKEVIRTUAL, cn.name, "persist", "()V", false);
    w.visitInsn(RETURN);
    w.visitMaxs(0, 0);
    w.visitEnd();
    return w;
  }

  /** The abstract class's constructor as compiled, throwing: subclasses must be transformed. */
  private MethodNode stub(MethodNode m) {
    MethodNode w = shell(m);
    String ise = "java/lang/IllegalStateException";
    w.visitCode();
    w.visitTypeInsn(NEW, ise);
    w.visitInsn(DUP);
    w.visitLdcInsn(
        "abstract persistent class "
            + Names.binary(cn.name)
            + ": this constructor is called by a subclass that was not transformed;"
            + " run the code generator over it");
    w.visitMethodInsn(INVOKESPECIAL, ise, "<init>", "(Ljava/lang/String;)V", false);
    w.visitInsn(ATHROW);
    w.visitMaxs(0, 0);
    w.visitEnd();
    return w;
  }

  private static MethodNode shell(MethodNode m) {
    MethodNode w =
        new MethodNode(m.access, m.name, m.desc, m.signature, m.exceptions.toArray(new String[0]));
    w.parameters = m.parameters;
    w.visibleAnnotations = m.visibleAnnotations;
    w.invisibleAnnotations = m.invisibleAnnotations;
    w.visibleParameterAnnotations = m.visibleParameterAnnotations;
    w.invisibleParameterAnnotations = m.invisibleParameterAnnotations;
    w.visibleAnnotableParameterCount = m.visibleAnnotableParameterCount;
    w.invisibleAnnotableParameterCount = m.invisibleAnnotableParameterCount;
    w.visibleTypeAnnotations = m.visibleTypeAnnotations;
    w.invisibleTypeAnnotations = m.invisibleTypeAnnotations;
    return w;
  }
}
