package org.jnvm.codegen;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.jnvm.core.heap.PObject;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.ClassNode;
import org.objectweb.asm.tree.FieldNode;
import org.objectweb.asm.tree.MethodNode;

/** The build errors about classes, fields and methods: each names them and says why. */
final class Errors {
  private Errors() {}

  /** A persistent class whose superclass is neither {@code Object} nor persistent. */
  static String nonPersistentSuper(ClassFacts f, Hierarchy h) {
    String s = Names.binary(f.superName());
    List<String> state = instanceFieldsUpTo(f.superName(), h);
    String head = "class " + Names.binary(f.name()) + " extends " + s + ", which is not persistent";
    if (state == null) return head + " and cannot be found on the class path";
    if (!state.isEmpty()) {
      return head + " and has state (fields " + String.join(", ", state) + ") that would be lost";
    }
    return head + "; it has no fields: annotate " + s + " @Persistent too";
  }

  /** Instance fields of {@code name} and its superclasses up to Object; null if one is missing. */
  private static List<String> instanceFieldsUpTo(String name, Hierarchy h) {
    List<String> out = new ArrayList<>();
    for (String c = name; c != null && !c.equals(Names.OBJECT); ) {
      ClassFacts f = h.facts(c);
      if (f == null) return null;
      for (FieldNode n : f.fields()) {
        if ((n.access & Opcodes.ACC_STATIC) == 0) out.add(Names.binary(c) + "." + n.name);
      }
      c = f.superName();
    }
    return out;
  }

  /** Why field {@code n} of persistent class {@code f} cannot be persisted, or null if it can. */
  static String fieldProblem(ClassFacts f, FieldNode n, Hierarchy h) {
    String where = "field " + Names.binary(f.name()) + "." + n.name;
    if ((n.access & Opcodes.ACC_SYNTHETIC) != 0) {
      return where
          + " is synthetic (the outer instance of an inner class): make the class static,"
          + " or pass what it needs explicitly";
    }
    if (n.name.startsWith(Names.PREFIX)) {
      return where + ": names starting with " + Names.PREFIX + " are reserved for generated code";
    }
    if ((n.access & Opcodes.ACC_VOLATILE) != 0) {
      return where
          + " is volatile: persistent fields have no volatile semantics; make it transient"
          + " or drop volatile and use locks";
    }
    return typeProblem(where, n.desc, h);
  }

  private static String typeProblem(String where, String desc, Hierarchy h) {
    Type t = Type.getType(desc);
    if (t.getSort() == Type.ARRAY) return where + ": " + arrayAdvice(t);
    if (t.getSort() != Type.OBJECT) return null;
    String type = t.getInternalName();
    if (type.equals(Names.STRING)) return null;
    ClassFacts tf = h.facts(type);
    if (tf == null) {
      return where + ": type " + t.getClassName() + " is not on the class path";
    }
    if (tf.isInterface() && !h.isPersistentType(type)) {
      return where
          + ": type "
          + t.getClassName()
          + " is an interface, whose implementations cannot be checked; use a persistent class";
    }
    if (h.isPersistentType(type)) return null;
    if ((tf.access() & Opcodes.ACC_ENUM) != 0) {
      return where
          + ": enum "
          + t.getClassName()
          + " cannot be persisted; store its ordinal in an int field";
    }
    return where
        + ": type "
        + t.getClassName()
        + " is not persistent; use a primitive, String, a J-PDT type or a @Persistent class,"
        + " or make the field transient";
  }

  private static String arrayAdvice(Type t) {
    String hint =
        switch (t.getElementType().getSort()) {
          case Type.BYTE, Type.BOOLEAN -> "org.jnvm.jpdt.PByteArray";
          case Type.OBJECT -> "org.jnvm.jpdt.PRefArray";
          default -> "org.jnvm.jpdt.PLongArray (or PByteArray)";
        };
    return "Java arrays ("
        + t.getClassName()
        + ") cannot be persisted; use "
        + hint
        + " (J-PDT arrays: PByteArray, PLongArray, PRefArray)";
  }

  /** A class of the code base that extends a persistent class must be persistent too. */
  static void checkSubclass(String name, ClassPlan plan, Hierarchy h, Problems problems) {
    ClassFacts f = h.facts(name);
    if (plan != null || f.superName() == null || f.superName().equals(Names.POBJECT)) return;
    if (!h.isPersistentClass(f.superName())) return;
    problems.add(
        "class "
            + Names.binary(name)
            + " extends the persistent class "
            + Names.binary(f.superName())
            + " but is not @Persistent; annotate it (or name it explicitly)");
  }

  /** Native code could not see persistent fields: refused if the class has any. */
  static void checkNative(ClassNode cn, ClassPlan plan, Problems problems) {
    if (plan.own().isEmpty() && plan.inherited().isEmpty()) return;
    List<String> names = new ArrayList<>();
    plan.inherited().forEach(f -> names.add(f.name()));
    plan.own().forEach(f -> names.add(f.name()));
    for (MethodNode m : cn.methods) {
      if ((m.access & Opcodes.ACC_NATIVE) == 0) continue;
      problems.add(
          "native method "
              + Names.binary(cn.name)
              + "."
              + m.name
              + m.desc
              + " cannot be transformed: native code would access the persistent fields ("
              + String.join(", ", names)
              + "), which are no longer Java fields; write it in Java or move it to another class");
    }
  }

  /** Signatures ({@code name + descriptor}) of {@code PObject}'s final methods. */
  private static final Set<String> POBJECT_FINALS = pobjectFinals();

  private static Set<String> pobjectFinals() {
    Set<String> out = new HashSet<>();
    for (Method m : PObject.class.getDeclaredMethods()) {
      if (Modifier.isFinal(m.getModifiers())) out.add(m.getName() + Type.getMethodDescriptor(m));
    }
    return out;
  }

  /** Methods a proxy cannot declare: PObject's final ones, and generated names. */
  static void checkMethodNames(ClassNode cn, Problems problems) {
    for (MethodNode m : cn.methods) {
      String where = "method " + Names.binary(cn.name) + "." + m.name + m.desc;
      if (POBJECT_FINALS.contains(m.name + m.desc)) {
        problems.add(where + " would override the final PObject method of that name; rename it");
      } else if (m.name.startsWith(Names.PREFIX)) {
        problems.add(where + ": names starting with " + Names.PREFIX + " are reserved");
      }
    }
  }
}
