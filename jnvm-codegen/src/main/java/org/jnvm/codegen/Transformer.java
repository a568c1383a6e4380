package org.jnvm.codegen;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Predicate;
import org.objectweb.asm.ClassReader;
import org.objectweb.asm.tree.ClassNode;

/**
 * The engine: transforms one code base (a set of class files) at once. The Maven plugin, the
 * command line and the agent are thin adapters over it.
 *
 * <ol>
 *   <li>Read every class; plan the layout of every persistent class (annotated {@code @Persistent}
 *       or named explicitly), checking what cannot be transformed.
 *   <li>For each persistent class not transformed yet: reshape it into a proxy ({@link
 *       ProxyShape}), wrap its failure-atomic methods ({@link FailureAtomic}), make its
 *       constructors allocate ({@link Constructors}).
 *   <li>In every class: rewrite accesses to persistent fields into accessor calls ({@link
 *       FieldAccesses}).
 *   <li>If any problem was found, throw one {@link CodegenException} listing them all and return
 *       nothing; else return the new bytes of the classes that changed.
 * </ol>
 *
 * Idempotent: a transformed class carries a marker and has no persistent field left to access, so a
 * second run changes nothing.
 */
public final class Transformer {
  private final ClassLookup lookup;
  private final Map<String, FaMode> explicit;
  private final Predicate<String> alsoCodeBase;

  /**
   * @param lookup where supertypes and field types outside the code base are read
   * @param explicit classes to treat as {@code @Persistent(fa)} without the annotation (binary
   *     names), for code whose sources are unavailable
   */
  public Transformer(ClassLookup lookup, Map<String, FaMode> explicit) {
    this(lookup, explicit, name -> false);
  }

  /**
   * @param alsoCodeBase binary names of classes that {@code lookup} finds as compiled and that
   *     belong to the code base too (their annotations count): the agent transforms one class at a
   *     time of a code base named this way
   */
  public Transformer(
      ClassLookup lookup, Map<String, FaMode> explicit, Predicate<String> alsoCodeBase) {
    this.lookup = lookup;
    this.explicit = new HashMap<>();
    explicit.forEach((k, v) -> this.explicit.put(Names.internal(k), v));
    this.alsoCodeBase = name -> alsoCodeBase.test(Names.binary(name));
  }

  public Transformer(ClassLookup lookup) {
    this(lookup, Map.of());
  }

  /** What a run did. Keys and names are binary class names. */
  public record Result(
      Map<String, byte[]> changed, List<String> persistent, List<String> skipped) {}

  /** Transforms the code base made of {@code classFiles}. */
  public Result transform(Collection<byte[]> classFiles) {
    Map<String, byte[]> bytes = new LinkedHashMap<>();
    Map<String, ClassFacts> facts = new LinkedHashMap<>();
    for (byte[] b : classFiles) {
      ClassFacts f = ClassFacts.read(b);
      bytes.put(f.name(), b);
      facts.put(f.name(), f);
    }
    Run run = new Run(new Hierarchy(facts, explicit.keySet(), lookup, alsoCodeBase));
    for (String e : explicit.keySet()) {
      if (!facts.containsKey(e)) {
        run.problems.add(
            "class " + Names.binary(e) + " was named explicitly but is not in the input");
      }
    }
    bytes.forEach(run::transform);
    run.problems.throwIfAny();
    Map<String, byte[]> out = new TreeMap<>();
    run.changed.forEach((name, cn) -> out.put(Names.binary(name), write(cn, run.h)));
    return new Result(out, run.persistent, run.skipped);
  }

  /** One run's state: the class graph, the plans, what changed, the problems. */
  private final class Run {
    final Hierarchy h;
    final Problems problems = new Problems();
    final Planner planner;
    final FieldResolver fields;
    final FieldAccesses accesses;
    final Map<String, ClassNode> changed = new TreeMap<>();
    final List<String> persistent = new ArrayList<>();
    final List<String> skipped = new ArrayList<>();

    Run(Hierarchy h) {
      this.h = h;
      this.planner = new Planner(h, explicit, problems);
      this.fields = new FieldResolver(h, planner);
      this.accesses = new FieldAccesses(fields, problems);
    }

    /** Reshapes {@code name} if it is a persistent class to transform; rewrites its accesses. */
    void transform(String name, byte[] bytes) {
      ClassPlan plan = planner.plan(name);
      Errors.checkSubclass(name, plan, h, problems);
      if (plan != null && plan.transformed()) skipped.add(Names.binary(name));
      ClassNode cn = read(bytes);
      boolean reshape = plan != null && !plan.transformed();
      if (!reshape && !accesses.uses(cn)) return;
      if (reshape) {
        persistent.add(Names.binary(name));
        Errors.checkNative(cn, plan, problems);
        Errors.checkMethodNames(cn, problems);
        ProxyShape.apply(cn, plan);
        FailureAtomic.apply(cn, plan, fields);
        new Constructors(cn, plan, fields, problems).apply();
      }
      accesses.apply(cn);
      changed.put(name, cn);
    }
  }

  private static ClassNode read(byte[] b) {
    ClassNode cn = new ClassNode();
    new ClassReader(b).accept(cn, ClassReader.SKIP_FRAMES);
    return cn;
  }

  private static byte[] write(ClassNode cn, Hierarchy h) {
    FrameWriter w = new FrameWriter(h);
    cn.accept(w);
    return w.toByteArray();
  }
}
