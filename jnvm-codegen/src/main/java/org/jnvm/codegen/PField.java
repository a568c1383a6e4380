package org.jnvm.codegen;

import org.objectweb.asm.Opcodes;

/**
 * One persistent field: where it was declared, its Java type, how it is stored and its payload
 * offset. {@code access} is the field's access as compiled (it becomes its accessors' access).
 */
record PField(String owner, String name, String desc, FieldKind kind, int offset, int access) {

  /** The marker's text for this field: {@code name.offset.descriptor}. */
  String encode() {
    return name + "." + offset + "." + desc;
  }

  /** The inverse of {@link #encode}, for a class transformed earlier. */
  static PField decode(String owner, String entry) {
    int a = entry.indexOf('.');
    int b = entry.indexOf('.', a + 1);
    if (a <= 0 || b <= a + 1) {
      throw new IllegalArgumentException("bad marker entry in " + owner + ": '" + entry + "'");
    }
    String desc = entry.substring(b + 1);
    return new PField(
        owner,
        entry.substring(0, a),
        desc,
        kindOfStored(desc),
        Integer.parseInt(entry.substring(a + 1, b)),
        Opcodes.ACC_PUBLIC);
  }

  /** The kind of a field already validated (by the run that wrote the marker). */
  static FieldKind kindOfStored(String desc) {
    FieldKind k = FieldKind.primitive(desc);
    if (k != null) return k;
    return desc.equals("L" + Names.STRING + ";") ? FieldKind.STRING : FieldKind.REF;
  }

  /** The entry of the layout string that feeds the fingerprint: {@code x:int@0}. */
  String layoutEntry() {
    return name + ":" + kind.layoutName + "@" + offset;
  }

  /** Accessor access: the field's visibility, with private widened to package (nest-free). */
  int accessorAccess() {
    int v = access & (Opcodes.ACC_PUBLIC | Opcodes.ACC_PROTECTED);
    return v | Opcodes.ACC_FINAL | Opcodes.ACC_SYNTHETIC;
  }

  String getterDesc() {
    return "()" + desc;
  }

  String setterDesc() {
    return "(" + desc + ")V";
  }
}
