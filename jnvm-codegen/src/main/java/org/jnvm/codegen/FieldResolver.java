package org.jnvm.codegen;

import java.util.HashSet;
import java.util.Set;

/**
 * Resolves a field reference as the JVM would (the named class, then its superclasses) and says
 * whether it lands on a persistent field.
 */
final class FieldResolver {
  private final Hierarchy h;
  private final Planner planner;

  FieldResolver(Hierarchy h, Planner planner) {
    this.h = h;
    this.planner = planner;
  }

  /** The persistent field {@code owner.name} resolves to, or null (a volatile field, or none). */
  PField resolve(String owner, String name) {
    Set<String> seen = new HashSet<>();
    for (String c = owner; c != null && seen.add(c); ) {
      ClassPlan p = planner.plan(c);
      if (p != null && p.field(name) != null) return p.field(name);
      ClassFacts f = h.facts(c);
      if (f == null || f.instanceField(name) != null) return null;
      c = f.superName();
    }
    return null;
  }
}
