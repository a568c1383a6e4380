package org.jnvm.codegen;

import org.objectweb.asm.Opcodes;

/**
 * How a persistent field is stored: its size (also its alignment), the {@code PObject} accessors
 * that read and write it, and its name in the layout string that feeds the class fingerprint.
 */
enum FieldKind {
  BOOLEAN("Z", 1, "Boolean", "boolean", Opcodes.ILOAD, Opcodes.IRETURN),
  BYTE("B", 1, "Byte", "byte", Opcodes.ILOAD, Opcodes.IRETURN),
  SHORT("S", 2, "Short", "short", Opcodes.ILOAD, Opcodes.IRETURN),
  CHAR("C", 2, "Char", "char", Opcodes.ILOAD, Opcodes.IRETURN),
  INT("I", 4, "Int", "int", Opcodes.ILOAD, Opcodes.IRETURN),
  FLOAT("F", 4, "Float", "float", Opcodes.FLOAD, Opcodes.FRETURN),
  LONG("J", 8, "Long", "long", Opcodes.LLOAD, Opcodes.LRETURN),
  DOUBLE("D", 8, "Double", "double", Opcodes.DLOAD, Opcodes.DRETURN),
  /** A reference to a persistent object (a file offset, 0 for null). */
  REF(null, 8, "Ref", "ref", Opcodes.ALOAD, Opcodes.ARETURN),
  /** A {@code String}, stored as a reference to a {@code PString} the field owns. */
  STRING(null, 8, "Ref", "string", Opcodes.ALOAD, Opcodes.ARETURN);

  final String descriptor;
  final int size;
  final String accessor;
  final String layoutName;
  final int load;
  final int ret;

  FieldKind(String descriptor, int size, String accessor, String layoutName, int load, int ret) {
    this.descriptor = descriptor;
    this.size = size;
    this.accessor = accessor;
    this.layoutName = layoutName;
    this.load = load;
    this.ret = ret;
  }

  /** The primitive kind of a one-letter descriptor, or null. */
  static FieldKind primitive(String desc) {
    for (FieldKind k : values()) {
      if (desc.equals(k.descriptor)) return k;
    }
    return null;
  }

  boolean isReference() {
    return this == REF || this == STRING;
  }

  /** {@code PObject}'s getter: {@code getInt(J)I}, {@code getRef(J)LPObject;}. */
  String getterName() {
    return "get" + accessor;
  }

  String getterDesc() {
    return "(J)" + (isReference() ? Names.POBJECT_D : descriptor);
  }

  String setterName() {
    return "set" + accessor;
  }

  String setterDesc() {
    return "(J" + (isReference() ? Names.POBJECT_D : descriptor) + ")V";
  }
}
