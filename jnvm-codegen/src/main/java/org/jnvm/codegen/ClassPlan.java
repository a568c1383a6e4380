package org.jnvm.codegen;

import java.util.List;
import java.util.StringJoiner;

/**
 * The pure-data layout plan of one persistent class, computed before any bytecode is emitted.
 *
 * @param name internal name
 * @param superName the persistent superclass, or {@code PObject} for a class rebased from {@code
 *     Object}
 * @param fa which methods become failure-atomic blocks
 * @param isAbstract abstract classes get no descriptor, factory or allocating constructors
 * @param transformed true if the class file already is a proxy (nothing to do: idempotency)
 * @param own the fields this class declares, with their offsets
 * @param inherited the persistent fields of the superclasses
 * @param size payload bytes of an instance (every field, inherited ones included)
 * @param chain the persistent superclasses, root-most first, and the class itself last
 * @param formerNames the class's earlier binary names ({@code @FormerNames})
 * @param formerFieldNames each renamed field's earlier names, by its current name
 * @param defaults each field's {@code @DefaultValue} text, by its name (inherited ones included)
 */
record ClassPlan(
    String name,
    String superName,
    FaMode fa,
    boolean isAbstract,
    boolean transformed,
    List<PField> own,
    List<PField> inherited,
    int size,
    List<String> chain,
    List<String> formerNames,
    java.util.Map<String, List<String>> formerFieldNames,
    java.util.Map<String, String> defaults) {

  boolean rebased() {
    return superName.equals(Names.POBJECT);
  }

  /** The own field called {@code field}, or null. */
  PField field(String field) {
    for (PField f : own) {
      if (f.name().equals(field)) return f;
    }
    return null;
  }

  /** The marker value: one {@link PField#encode} line per own field. */
  String marker() {
    StringJoiner j = new StringJoiner("\n");
    for (PField f : own) j.add(f.encode());
    return j.toString();
  }

  /** Payload offsets of every reference (inherited first), for recovery's mark. */
  int[] refs() {
    return java.util.stream.Stream.concat(inherited.stream(), own.stream())
        .filter(f -> f.kind().isReference())
        .mapToInt(PField::offset)
        .toArray();
  }

  /**
   * The descriptor's shape: each class of the chain with the fields it declares, {@code
   * "a.Shape{base:J@0} a.Derived{extra:J@8 name:Ljava/lang/String;@16}"} (see {@code
   * PersistentClass.Builder.shape}), kept in the heap so a later version can be matched to it.
   */
  String shape() {
    StringJoiner j = new StringJoiner(" ");
    for (String c : chain) {
      StringJoiner fields = new StringJoiner(" ", Names.binary(c) + "{", "}");
      java.util.stream.Stream.concat(inherited.stream(), own.stream())
          .filter(f -> f.owner().equals(c))
          .forEach(f -> fields.add(f.name() + ":" + f.desc() + "@" + f.offset()));
      j.add(fields.toString());
    }
    return j.toString();
  }

  /** The descriptor's former field names: {@code "total=count,cnt other=x"}. */
  String formerFieldText() {
    StringJoiner j = new StringJoiner(" ");
    formerFieldNames.forEach((f, old) -> j.add(f + "=" + String.join(",", old)));
    return j.toString();
  }

  /** The descriptor's defaults: {@code "visits=1 ratio=0.5"}. */
  String defaultsText() {
    StringJoiner j = new StringJoiner(" ");
    defaults.forEach((f, v) -> j.add(f + "=" + v));
    return j.toString();
  }

  /** The layout string of the descriptor: every field, inherited first. */
  String layout() {
    StringJoiner j = new StringJoiner(" ");
    for (PField f : inherited) j.add(f.layoutEntry());
    for (PField f : own) j.add(f.layoutEntry());
    return j.toString();
  }
}
