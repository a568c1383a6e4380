package org.jnvm.core.heap;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The fields of one version of a persistent class, as data: what the class registry keeps on media
 * next to the fingerprint, so that a later version of the class can be matched field by field.
 *
 * <p>{@code chain} is the class's persistent superclass chain, the root-most first and the class
 * itself last; each field names its declaring class by its index in the chain. Field names are
 * unique over the chain (the code generator refuses a field hiding an inherited one), so a field is
 * identified by its name alone, wherever in the chain it is declared.
 *
 * <p>The text form, given to {@link PersistentClass.Builder#shape}, lists the chain in order, each
 * class with its own fields: {@code "a.Shape{base:J@0 tag:I@8} a.Derived{extra:J@16}"}.
 *
 * @param version 1 for the first shape a heap registers under a class name, +1 for each later one
 */
record ClassShape(int version, List<String> chain, List<ClassShape.Field> fields) {

  /**
   * One field: its name, Java type descriptor ({@code I}, {@code Lorg/jnvm/jpdt/PString;}), payload
   * offset, stored size and declaring class (an index into the chain).
   */
  record Field(String name, String descriptor, int offset, int size, int owner) {
    /** {@code x: int @8}, how messages name a field. */
    String describe() {
      return name + ": " + typeAt();
    }

    /** {@code int @8}. */
    String typeAt() {
      return typeName(descriptor) + " @" + offset;
    }

    boolean isReference() {
      return descriptor.startsWith("L");
    }
  }

  ClassShape {
    chain = List.copyOf(chain);
    fields = List.copyOf(fields);
  }

  /** The class this shape belongs to (the last of the chain). */
  String className() {
    return chain.get(chain.size() - 1);
  }

  /** The field called {@code name}, or null. */
  Field field(String name) {
    for (Field f : fields) {
      if (f.name.equals(name)) return f;
    }
    return null;
  }

  ClassShape withVersion(int v) {
    return new ClassShape(v, chain, fields);
  }

  /** Same fields, chain and version (the registry's test for "this entry is this class"). */
  boolean sameFields(ClassShape o) {
    return chain.equals(o.chain) && fields.equals(o.fields);
  }

  /**
   * Parses the text form (see the class comment), checking that names are unique and every field is
   * inside {@code size} bytes and aligned to its size. Throws {@link IllegalArgumentException}
   * naming the class and the entry.
   */
  static ClassShape parse(String cls, String text, int size) {
    List<String> chain = new ArrayList<>();
    List<Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (String group : text.trim().split("}")) {
      String g = group.trim();
      int brace = g.indexOf('{');
      if (brace <= 0) throw badShape(cls, text, "a class group is not 'name{...}'");
      chain.add(g.substring(0, brace));
      for (String e : g.substring(brace + 1).trim().split(" +")) {
        if (e.isEmpty()) continue;
        Field f = parseField(cls, text, e, chain.size() - 1);
        if (!names.add(f.name)) throw badShape(cls, text, "field " + f.name + " appears twice");
        if (size >= 0 && f.offset + f.size > size) {
          throw badShape(cls, text, "field " + f.name + " ends beyond the payload " + size);
        }
        fields.add(f);
      }
    }
    if (chain.isEmpty() || !chain.get(chain.size() - 1).equals(cls)) {
      throw badShape(cls, text, "the chain must end with the class itself");
    }
    return new ClassShape(1, chain, fields);
  }

  private static Field parseField(String cls, String text, String e, int owner) {
    int colon = e.indexOf(':');
    int at = e.lastIndexOf('@');
    if (colon <= 0 || at <= colon + 1) throw badShape(cls, text, "bad field entry '" + e + "'");
    String desc = e.substring(colon + 1, at);
    int size = sizeOf(desc);
    int offset;
    try {
      offset = Integer.parseInt(e.substring(at + 1));
    } catch (NumberFormatException x) {
      throw badShape(cls, text, "bad offset in '" + e + "'");
    }
    if (size < 0 || offset < 0 || offset % size != 0) {
      throw badShape(cls, text, "bad type or unaligned offset in '" + e + "'");
    }
    return new Field(e.substring(0, colon), desc, offset, size, owner);
  }

  /**
   * The shape a hand-written class's layout string describes ({@code "value:long@0 next:ref@8"}),
   * or null if the string is not entirely of that form or its references are not exactly {@code
   * refs}: a shape is only derived where it cannot be wrong.
   */
  static ClassShape fromLayout(String cls, String layout, int size, int[] refs) {
    if (size < 0 || layout.isBlank()) return null;
    StringBuilder text = new StringBuilder(cls).append('{');
    for (String e : layout.trim().split(" +")) {
      int colon = e.indexOf(':');
      int at = e.indexOf('@');
      String desc = colon > 0 && at > colon ? KINDS.get(e.substring(colon + 1, at)) : null;
      if (desc == null) return null;
      text.append(e, 0, colon + 1).append(desc).append(e.substring(at)).append(' ');
    }
    ClassShape s;
    try {
      s = parse(cls, text.append('}').toString(), size);
    } catch (IllegalArgumentException e) {
      return null;
    }
    int[] found = s.fields.stream().filter(Field::isReference).mapToInt(Field::offset).toArray();
    return java.util.Arrays.equals(found, refs) ? s : null;
  }

  private static final java.util.Map<String, String> KINDS =
      java.util.Map.of(
          "boolean",
          "Z",
          "byte",
          "B",
          "short",
          "S",
          "char",
          "C",
          "int",
          "I",
          "float",
          "F",
          "long",
          "J",
          "double",
          "D",
          "ref",
          "Lorg/jnvm/core/heap/PObject;",
          "string",
          "Ljava/lang/String;");

  /** Stored bytes of a field of type {@code desc}: primitives as Java, references 8; -1 if bad. */
  static int sizeOf(String desc) {
    if (desc.length() == 1) {
      return switch (desc.charAt(0)) {
        case 'Z', 'B' -> 1;
        case 'S', 'C' -> 2;
        case 'I', 'F' -> 4;
        case 'J', 'D' -> 8;
        default -> -1;
      };
    }
    return desc.length() > 2 && desc.charAt(0) == 'L' && desc.endsWith(";") ? 8 : -1;
  }

  /** {@code int}, {@code org.jnvm.jpdt.PString}: a descriptor as Java source names the type. */
  static String typeName(String desc) {
    return switch (desc) {
      case "Z" -> "boolean";
      case "B" -> "byte";
      case "S" -> "short";
      case "C" -> "char";
      case "I" -> "int";
      case "F" -> "float";
      case "J" -> "long";
      case "D" -> "double";
      default ->
          desc.startsWith("L") && desc.endsWith(";")
              ? desc.substring(1, desc.length() - 1).replace('/', '.')
              : desc;
    };
  }

  /** The text form back ({@link #parse}'s inverse). */
  String text() {
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < chain.size(); i++) {
      if (i > 0) s.append(' ');
      s.append(chain.get(i)).append('{');
      String sep = "";
      for (Field f : fields) {
        if (f.owner != i) continue;
        s.append(sep).append(f.name).append(':').append(f.descriptor).append('@').append(f.offset);
        sep = " ";
      }
      s.append('}');
    }
    return s.toString();
  }

  private static IllegalArgumentException badShape(String cls, String text, String what) {
    return new IllegalArgumentException(
        "bad shape of persistent class " + cls + ": " + what + " in '" + text + "'");
  }
}
