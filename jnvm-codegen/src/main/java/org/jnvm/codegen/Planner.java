package org.jnvm.codegen;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.core.heap.FieldDefaults;
import org.objectweb.asm.Opcodes;
import org.objectweb.asm.Type;
import org.objectweb.asm.tree.FieldNode;

/**
 * Computes the {@link ClassPlan} of every persistent class, checking what cannot be transformed.
 *
 * <p>Layout: a class's own fields follow its superclass's, sorted by decreasing size (stable in
 * declaration order) and each aligned to its size, so no field straddles its natural boundary and
 * padding only appears between the inherited part and the first own field.
 */
final class Planner {
  private static final ClassPlan NOT_PERSISTENT =
      new ClassPlan(
          "",
          "",
          FaMode.NONE,
          false,
          false,
          List.of(),
          List.of(),
          0,
          List.of(),
          List.of(),
          Map.of(),
          Map.of());

  private final Hierarchy h;
  private final Map<String, FaMode> explicit;
  private final Problems problems;
  private final Map<String, ClassPlan> plans = new HashMap<>();

  Planner(Hierarchy h, Map<String, FaMode> explicit, Problems problems) {
    this.h = h;
    this.explicit = explicit;
    this.problems = problems;
  }

  /** The plan of {@code name}, or null if it is not a persistent class. */
  ClassPlan plan(String name) {
    ClassPlan p = plans.get(name);
    if (p == null) {
      plans.put(name, NOT_PERSISTENT); // a cycle through supertypes ends here
      p = compute(name);
      plans.put(name, p == null ? NOT_PERSISTENT : p);
    }
    return p == NOT_PERSISTENT ? null : p;
  }

  private ClassPlan compute(String name) {
    if (!h.isPersistentClass(name)) return null;
    ClassFacts f = h.facts(name);
    if (!f.isTransformed() && !checkClass(f)) return null;
    ClassPlan sup = superPlan(f);
    List<PField> inherited = new ArrayList<>();
    if (sup != null) {
      inherited.addAll(sup.inherited());
      inherited.addAll(sup.own());
    }
    int start = sup == null ? 0 : sup.size();
    String superName = sup == null ? Names.POBJECT : sup.name();
    List<String> chain = new ArrayList<>(sup == null ? List.of() : sup.chain());
    chain.add(name);
    if (f.isTransformed()) {
      List<PField> own = new ArrayList<>();
      if (!f.marker().isEmpty()) {
        for (String e : f.marker().split("\n")) own.add(PField.decode(name, e));
      }
      return new ClassPlan(
          name,
          superName,
          FaMode.NONE,
          f.isAbstract(),
          true,
          own,
          inherited,
          end(start, own),
          chain,
          List.of(),
          Map.of(),
          Map.of());
    }
    List<FieldNode> fields = persistentFields(f, inherited);
    List<PField> own = layout(name, start, fields);
    Map<String, List<String>> former = new java.util.TreeMap<>();
    if (sup != null) former.putAll(sup.formerFieldNames());
    for (FieldNode n : fields) {
      List<String> old = ClassFacts.formerNames(n.invisibleAnnotations);
      if (!old.isEmpty()) former.put(n.name, old);
    }
    Map<String, String> defaults = defaults(f, sup, fields);
    return new ClassPlan(
        name,
        superName,
        mode(f),
        f.isAbstract(),
        false,
        own,
        inherited,
        end(start, own),
        chain,
        f.formerNames(),
        former,
        defaults);
  }

  /**
   * The {@code @DefaultValue}s of the class's fields and its superclasses': each checked against
   * its field's type now, so that a bad one fails the build, not the class's first use.
   */
  private Map<String, String> defaults(ClassFacts f, ClassPlan sup, List<FieldNode> fields) {
    Map<String, String> out = new java.util.TreeMap<>();
    if (sup != null) out.putAll(sup.defaults());
    for (FieldNode n : fields) {
      String text = ClassFacts.defaultValue(n.invisibleAnnotations);
      if (text == null) continue;
      String field = Names.binary(f.name()) + "." + n.name;
      try {
        if (text.isEmpty() || text.contains(" ") || text.contains("=")) {
          throw new IllegalArgumentException(
              "@DefaultValue(\"" + text + "\") of field " + field + ": empty, or a space or '='");
        }
        FieldDefaults.bits(n.desc, text, field);
        out.put(n.name, text);
      } catch (IllegalArgumentException e) {
        problems.add(e.getMessage());
      }
    }
    return out;
  }

  private static int end(int start, List<PField> own) {
    int e = start;
    for (PField p : own) e = Math.max(e, p.offset() + p.kind().size);
    return e;
  }

  private ClassPlan superPlan(ClassFacts f) {
    String s = f.superName();
    if (s == null || s.equals(Names.OBJECT)) return null;
    ClassPlan p = plan(s);
    if (p == null && !f.isTransformed()) problems.add(Errors.nonPersistentSuper(f, h));
    return p;
  }

  private FaMode mode(ClassFacts f) {
    String text = f.faText();
    if (text == null) return explicit.getOrDefault(f.name(), FaMode.NONE);
    FaMode m = FaMode.parse(text);
    if (m == null) {
      problems.add(
          "class "
              + Names.binary(f.name())
              + ": unknown @Persistent(fa = \""
              + text
              + "\"); use \"none\", \"non-private\" or \"all\"");
      return FaMode.NONE;
    }
    return m;
  }

  /** False (with a problem) if {@code f} is no class that can be persistent. */
  private boolean checkClass(ClassFacts f) {
    String what = null;
    if ((f.access() & Opcodes.ACC_ANNOTATION) != 0) what = "an annotation";
    else if (f.isInterface()) what = "an interface";
    else if ((f.access() & Opcodes.ACC_ENUM) != 0) what = "an enum";
    else if ("java/lang/Record".equals(f.superName())) what = "a record";
    if (what != null) {
      problems.add(
          "class " + Names.binary(f.name()) + " is " + what + "; only classes can be @Persistent");
    }
    if (f.version() < Opcodes.V1_8) {
      problems.add(
          "class "
              + Names.binary(f.name())
              + ": class file version "
              + f.version()
              + " is older than Java 8 (52); recompile it with --release 8 or newer");
    }
    return what == null;
  }

  /** The fields to persist, in declaration order, each checked. */
  private List<FieldNode> persistentFields(ClassFacts f, List<PField> inherited) {
    List<FieldNode> out = new ArrayList<>();
    for (FieldNode n : f.fields()) {
      if ((n.access & (Opcodes.ACC_STATIC | Opcodes.ACC_TRANSIENT)) != 0) continue;
      String problem = Errors.fieldProblem(f, n, h);
      if (problem == null) problem = shadowProblem(f, n, inherited);
      if (problem != null) problems.add(problem);
      else out.add(n);
    }
    return out;
  }

  private static String shadowProblem(ClassFacts f, FieldNode n, List<PField> inherited) {
    for (PField p : inherited) {
      if (p.name().equals(n.name)) {
        return "field "
            + Names.binary(f.name())
            + "."
            + n.name
            + " hides the persistent field "
            + Names.binary(p.owner())
            + "."
            + p.name()
            + "; rename one of them";
      }
    }
    return null;
  }

  private static List<PField> layout(String cls, int start, List<FieldNode> fields) {
    List<PField> sized = new ArrayList<>();
    for (FieldNode n : fields) sized.add(new PField(cls, n.name, n.desc, kind(n), 0, n.access));
    List<PField> sorted = new ArrayList<>(sized);
    sorted.sort(Comparator.comparingInt((PField p) -> -p.kind().size));
    List<PField> out = new ArrayList<>();
    int at = start;
    for (PField p : sorted) {
      int size = p.kind().size;
      int off = (at + size - 1) / size * size;
      at = off + size;
      out.add(new PField(cls, p.name(), p.desc(), p.kind(), off, p.access()));
    }
    return out;
  }

  private static FieldKind kind(FieldNode n) {
    FieldKind k = FieldKind.primitive(n.desc);
    if (k != null) return k;
    return Type.getType(n.desc).getInternalName().equals(Names.STRING)
        ? FieldKind.STRING
        : FieldKind.REF;
  }
}
