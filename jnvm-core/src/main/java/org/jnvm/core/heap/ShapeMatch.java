package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Matches a stored shape of a class with the class as it is now, field by field, and says how each
 * current field gets its value: copied, widened, zero (added), or not at all (incompatible). Pure:
 * reads no heap.
 *
 * <p>The rules (Java serialization's compatible changes, plus widening):
 *
 * <ol>
 *   <li>A current field matches the stored field of the same name, else the first of its former
 *       names ({@code @FormerNames}) that is stored.
 *   <li>Same type: copied. A primitive widened as Java widens it (JLS 5.1.2: {@code byte} to {@code
 *       short int long float double}, {@code short} and {@code char} to {@code int long float
 *       double}, {@code int} to {@code long float double}, {@code long} to {@code float double},
 *       {@code float} to {@code double}): converted. A reference whose declared type is now a
 *       supertype or interface of the stored type: copied.
 *   <li>No stored field: added, zero (null).
 *   <li>A stored field no current field matches: removed; what it referenced is reclaimed by the
 *       next recovery if nothing else references it.
 *   <li>Anything else (narrowing, boolean to or from a number, primitive to or from a reference, a
 *       reference to an unrelated type, a {@code String} to or from another type): incompatible.
 * </ol>
 */
final class ShapeMatch {
  /** How one current field gets its value. {@code from} is null for an added field. */
  record Step(ClassShape.Field to, ClassShape.Field from) {
    boolean widens() {
      return from != null && !from.descriptor().equals(to.descriptor()) && !to.isReference();
    }
  }

  final ClassShape stored;
  final ClassShape current;
  final List<Step> steps = new ArrayList<>();
  final List<ClassShape.Field> removed = new ArrayList<>();
  final List<String> problems = new ArrayList<>();

  private ShapeMatch(ClassShape stored, ClassShape current) {
    this.stored = stored;
    this.current = current;
  }

  /**
   * Matches {@code stored} with {@code current}; {@code former} gives each current field's earlier
   * names; reference types are checked as {@code loader} sees them.
   */
  static ShapeMatch of(
      ClassShape stored, ClassShape current, Map<String, List<String>> former, ClassLoader loader) {
    ShapeMatch m = new ShapeMatch(stored, current);
    Set<String> used = new HashSet<>();
    for (ClassShape.Field to : current.fields()) {
      ClassShape.Field from = source(stored, to, former.getOrDefault(to.name(), List.of()));
      if (from != null) {
        used.add(from.name());
        String why = incompatibility(from.descriptor(), to.descriptor(), loader);
        if (why != null) {
          String now = from.name().equals(to.name()) ? to.typeAt() : to.describe();
          m.problems.add(from.describe() + " in the heap, " + now + " in the class (" + why + ")");
          continue;
        }
      }
      m.steps.add(new Step(to, from));
    }
    for (ClassShape.Field f : stored.fields()) {
      if (!used.contains(f.name())) m.removed.add(f);
    }
    return m;
  }

  private static ClassShape.Field source(ClassShape stored, ClassShape.Field to, List<String> old) {
    ClassShape.Field f = stored.field(to.name());
    for (int i = 0; f == null && i < old.size(); i++) f = stored.field(old.get(i));
    return f;
  }

  /** Null if a value stored as {@code from} may be read as {@code to}, else why not. */
  static String incompatibility(String from, String to, ClassLoader loader) {
    if (from.equals(to)) return null;
    boolean fromRef = from.length() > 1;
    boolean toRef = to.length() > 1;
    if (fromRef != toRef) return "a primitive and a reference";
    if (!fromRef) return widens(from.charAt(0), to.charAt(0)) ? null : "not a widening conversion";
    if (from.equals(STRING) || to.equals(STRING)) return "a String field owns its PString";
    return assignable(from, to, loader);
  }

  private static final String STRING = "Ljava/lang/String;";

  /** JLS 5.1.2. */
  static boolean widens(char from, char to) {
    String targets =
        switch (from) {
          case 'B' -> "SIJFD";
          case 'S', 'C' -> "IJFD";
          case 'I' -> "JFD";
          case 'J' -> "FD";
          case 'F' -> "D";
          default -> "";
        };
    return targets.indexOf(to) >= 0;
  }

  private static String assignable(String from, String to, ClassLoader loader) {
    Class<?> f = load(from, loader);
    Class<?> t = load(to, loader);
    if (f == null || t == null) {
      return ClassShape.typeName(f == null ? from : to) + " is not on the class path to compare";
    }
    return t.isAssignableFrom(f) ? null : "not a supertype of the stored type";
  }

  private static Class<?> load(String desc, ClassLoader loader) {
    try {
      return Class.forName(ClassShape.typeName(desc), false, loader);
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }
}
