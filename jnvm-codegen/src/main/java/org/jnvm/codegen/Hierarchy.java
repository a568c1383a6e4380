package org.jnvm.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

/**
 * The class graph the engine reasons about: the classes being transformed (the code base, as they
 * were compiled) and, behind them, whatever {@link ClassLookup} finds. Answers "is this type
 * persistent" and "what is the common superclass" (for stack map frames) as the classes will be
 * after the transformation: a persistent class that extended {@code Object} extends {@code
 * PObject}.
 */
final class Hierarchy {
  private final Map<String, ClassFacts> codeBase;
  private final Set<String> explicit;
  private final ClassLookup lookup;
  private final Predicate<String> alsoCodeBase;
  private final Map<String, ClassFacts> cache = new HashMap<>();

  /**
   * @param alsoCodeBase classes found through {@code lookup} that belong to the code base too, as
   *     compiled (the agent transforms one class at a time of a code base named by prefixes)
   */
  Hierarchy(
      Map<String, ClassFacts> codeBase,
      Set<String> explicit,
      ClassLookup lookup,
      Predicate<String> alsoCodeBase) {
    this.codeBase = codeBase;
    this.explicit = explicit;
    this.lookup = lookup;
    this.alsoCodeBase = alsoCodeBase;
  }

  Hierarchy(Map<String, ClassFacts> codeBase, Set<String> explicit, ClassLookup lookup) {
    this(codeBase, explicit, lookup, name -> false);
  }

  /** Facts of {@code name}, or null if the class cannot be found. */
  ClassFacts facts(String name) {
    ClassFacts f = codeBase.get(name);
    if (f != null) return f;
    if (cache.containsKey(name)) return cache.get(name);
    byte[] b = lookup.find(name);
    f = b == null ? null : ClassFacts.read(b);
    cache.put(name, f);
    return f;
  }

  boolean inCodeBase(String name) {
    return codeBase.containsKey(name) || alsoCodeBase.test(name);
  }

  /**
   * True if {@code name} is itself persistent: transformed already (it carries the marker), or in
   * the code base and annotated or named explicitly.
   */
  boolean isPersistentClass(String name) {
    ClassFacts f = facts(name);
    if (f == null) return false;
    if (f.isTransformed()) return true;
    return inCodeBase(name) && (f.faText() != null || explicit.contains(name));
  }

  /** True if {@code name} is, or will be, a subclass of {@code PObject} (or PObject itself). */
  boolean isPersistentType(String name) {
    Set<String> seen = new HashSet<>();
    for (String c = name; c != null && seen.add(c); ) {
      if (c.equals(Names.POBJECT) || isPersistentClass(c)) return true;
      ClassFacts f = facts(c);
      c = f == null ? null : f.superName();
    }
    return false;
  }

  /** The superclass after the transformation. */
  String effectiveSuper(String name) {
    ClassFacts f = facts(name);
    if (f == null) return null;
    if (Names.OBJECT.equals(f.superName()) && isPersistentClass(name) && !f.isTransformed()) {
      return Names.POBJECT;
    }
    return f.superName();
  }

  /** {@code name} and its superclasses up to {@code Object}, after the transformation. */
  List<String> chain(String name) {
    List<String> out = new ArrayList<>();
    for (String c = name; c != null && !out.contains(c); c = effectiveSuper(c)) out.add(c);
    return out;
  }

  /** The nearest common superclass, as {@code ClassWriter.getCommonSuperClass} wants it. */
  String commonSuperClass(String a, String b) {
    ClassFacts fa = facts(a);
    ClassFacts fb = facts(b);
    if (fa == null || fb == null) {
      throw new CodegenException(
          List.of(
              "class "
                  + Names.binary(fa == null ? a : b)
                  + " is needed to compute stack map frames but is not on the class path;"
                  + " add it (--cp, or a dependency)"));
    }
    if (fa.isInterface() || fb.isInterface()) return Names.OBJECT;
    List<String> ca = chain(a);
    for (String c : chain(b)) {
      if (ca.contains(c)) return c;
    }
    return Names.OBJECT;
  }
}
