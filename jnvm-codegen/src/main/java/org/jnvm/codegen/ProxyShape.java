package org.jnvm.codegen;

import static org.objectweb.asm.Opcodes.*;

import org.objectweb.asm.Handle;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.InsnList;
import org.objectweb.asm.tree.InsnNode;
import org.objectweb.asm.tree.MethodNode;

/**
 * Turns a persistent class into a proxy, but for its constructors and methods: rebases it on {@code
 * PObject}, replaces its persistent fields with accessors, adds the marker, and (for a concrete
 * class) the descriptor, its registration in the static initializer and the resurrection path, as a
 * hand-written proxy would have them:
 *
 * <pre>{@code
 * static final String jnvm$FIELDS = "x.0.I\nmsg.8.Lorg/jnvm/jpdt/PString;";  // marker
 * static final PersistentClass<Simple> jnvm$TYPE =
 *     PersistentClass.builder("Simple", Simple::jnvm$resurrect)
 *         .fixedSize(16).refs(8).layout("x:int@0 msg:ref@8")
 *         .shape("Simple{x:I@0 msg:Lorg/jnvm/jpdt/PString;@8}").build();
 * protected Simple(Heap h, long address, Resurrect r) { super(h, address, r); }
 * private static Simple jnvm$resurrect(Heap h, long address) { return new Simple(h, address, null); }
 * }</pre>
 */
final class ProxyShape {
  private static final String RESURRECT_CTOR = "(" + Names.HEAP_D + "J" + Names.RESURRECT_D + ")V";
  private static final String FACTORY_SIG = "(" + Names.HEAP_D + "J)";
  private static final Handle METAFACTORY =
      new Handle(
          H_INVOKESTATIC,
          "java/lang/invoke/LambdaMetafactory",
          "metafactory",
          "(Ljava/lang/invoke/MethodHandles$Lookup;Ljava/lang/String;Ljava/lang/invoke/MethodType;"
              + "Ljava/lang/invoke/MethodType;Ljava/lang/invoke/MethodHandle;"
              + "Ljava/lang/invoke/MethodType;)Ljava/lang/invoke/CallSite;",
          false);

  private ProxyShape() {}

  static void apply(ClassNode cn, ClassPlan plan) {
    cn.superName = plan.superName();
    cn.fields.removeIf(f -> plan.field(f.name) != null && (f.access & ACC_STATIC) == 0);
    cn.fields.add(
        new FieldNode(
            ACC_PUBLIC | ACC_STATIC | ACC_FINAL | ACC_SYNTHETIC,
            Names.MARKER,
            "Ljava/lang/String;",
            null,
            plan.marker()));
    for (PField f : plan.own()) Accessors.emit(cn, f);
    cn.methods.add(resurrectConstructor(plan));
    if (!plan.isAbstract()) {
      cn.fields.add(
          new FieldNode(
              ACC_PUBLIC | ACC_STATIC | ACC_FINAL | ACC_SYNTHETIC,
              Names.TYPE,
              Names.PCLASS_D,
              "L" + Names.PCLASS + "<L" + cn.name + ";>;",
              null));
      cn.methods.add(factory(cn.name));
      staticInit(cn).instructions.insert(register(cn.name, plan));
    }
  }

  private static MethodNode resurrectConstructor(ClassPlan plan) {
    MethodNode m =
        new MethodNode(ACC_PROTECTED | ACC_SYNTHETIC, "<init>", RESURRECT_CTOR, null, null);
    m.visitCode();
    m.visitVarInsn(ALOAD, 0);
    m.visitVarInsn(ALOAD, 1);
    m.visitVarInsn(LLOAD, 2);
    m.visitVarInsn(ALOAD, 4);
    m.visitMethodInsn(INVOKESPECIAL, plan.superName(), "<init>", RESURRECT_CTOR, false);
    m.visitInsn(RETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    return m;
  }

  private static MethodNode factory(String cls) {
    MethodNode m =
        new MethodNode(
            ACC_PRIVATE | ACC_STATIC | ACC_SYNTHETIC,
            Names.RESURRECT_METHOD,
            FACTORY_SIG + "L" + cls + ";",
            null,
            null);
    m.visitCode();
    m.visitTypeInsn(NEW, cls);
    m.visitInsn(DUP);
    m.visitVarInsn(ALOAD, 0);
    m.visitVarInsn(LLOAD, 1);
    m.visitInsn(ACONST_NULL);
    m.visitMethodInsn(INVOKESPECIAL, cls, "<init>", RESURRECT_CTOR, false);
    m.visitInsn(ARETURN);
    m.visitMaxs(0, 0);
    m.visitEnd();
    return m;
  }

  /** The class's static initializer, created empty if it has none. */
  private static MethodNode staticInit(ClassNode cn) {
    for (MethodNode m : cn.methods) {
      if (m.name.equals("<clinit>")) return m;
    }
    MethodNode m = new MethodNode(ACC_STATIC, "<clinit>", "()V", null, null);
    m.instructions.add(new InsnNode(RETURN));
    cn.methods.add(m);
    return m;
  }

  /** Builds and catalogues the descriptor, first thing in the static initializer. */
  private static InsnList register(String cls, ClassPlan plan) {
    MethodNode m = new MethodNode();
    m.visitLdcInsn(Names.binary(cls));
    m.visitInvokeDynamicInsn(
        "resurrect",
        "()L" + Names.FACTORY + ";",
        METAFACTORY,
        Type.getType(FACTORY_SIG + Names.POBJECT_D),
        new Handle(
            H_INVOKESTATIC, cls, Names.RESURRECT_METHOD, FACTORY_SIG + "L" + cls + ";", false),
        Type.getType(FACTORY_SIG + "L" + cls + ";"));
    m.visitMethodInsn(
        INVOKESTATIC,
        Names.PCLASS,
        "builder",
        "(Ljava/lang/String;L" + Names.FACTORY + ";)" + Names.BUILDER_D,
        false);
    m.visitLdcInsn(plan.size());
    builder(m, "fixedSize", "(I)");
    int[] refs = plan.refs();
    m.visitLdcInsn(refs.length);
    m.visitIntInsn(NEWARRAY, T_INT);
    for (int i = 0; i < refs.length; i++) {
      m.visitInsn(DUP);
      m.visitLdcInsn(i);
      m.visitLdcInsn(refs[i]);
      m.visitInsn(IASTORE);
    }
    builder(m, "refs", "([I)");
    m.visitLdcInsn(plan.layout());
    builder(m, "layout", "(Ljava/lang/String;)");
    m.visitLdcInsn(plan.shape());
    builder(m, "shape", "(Ljava/lang/String;)");
    if (!plan.formerNames().isEmpty()) {
      m.visitLdcInsn(String.join(" ", plan.formerNames()));
      builder(m, "formerNames", "(Ljava/lang/String;)");
    }
    if (!plan.formerFieldNames().isEmpty()) {
      m.visitLdcInsn(plan.formerFieldText());
      builder(m, "formerFieldNames", "(Ljava/lang/String;)");
    }
    if (!plan.defaults().isEmpty()) {
      m.visitLdcInsn(plan.defaultsText());
      builder(m, "defaults", "(Ljava/lang/String;)");
    }
    m.visitMethodInsn(INVOKEVIRTUAL, Names.BUILDER, "build", "()" + Names.PCLASS_D, false);
    m.visitFieldInsn(PUTSTATIC, cls, Names.TYPE, Names.PCLASS_D);
    return m.instructions;
  }

  private static void builder(MethodNode m, String method, String args) {
    m.visitMethodInsn(INVOKEVIRTUAL, Names.BUILDER, method, args + Names.BUILDER_D, false);
  }

  /** True if {@code cn} has a method {@code name desc}. */
  static boolean hasMethod(ClassNode cn, String name, String desc) {
    return cn.methods.stream().anyMatch(m -> m.name.equals(name) && m.desc.equals(desc));
  }
}
