package org.jnvm.core.heap;

import org.jnvm.core.pmem.Pmem;

/**
 * What recovery and the verifier know of a class id: its persisted layout, and its shape (the
 * fields by name and type; null for built-in classes, classes that declare none, and entries
 * written by format 2.0). Built from the registry on media (or from the built-in table), never from
 * Java classes.
 */
record ClassInfo(
    int id,
    String name,
    long fingerprint,
    int fixedSize,
    int[] refOffsets,
    int refTail,
    ClassShape shape) {

  /** A class without a shape table. */
  ClassInfo(int id, String name, long fingerprint, int fixedSize, int[] refOffsets, int refTail) {
    this(id, name, fingerprint, fixedSize, refOffsets, refTail, null);
  }

  /** Calls {@code visitor} with the payload offset of every reference of an object. */
  void forEachRef(long obj, int size, RefVisitor visitor) {
    long payload = obj + ObjectLayout.HEADER;
    for (int off : refOffsets) {
      if (off + 8 <= size) visitor.visit(off, Pmem.getLong(payload + off));
    }
    if (refTail >= 0) {
      for (int off = refTail; off + 8 <= size; off += 8) {
        visitor.visit(off, Pmem.getLong(payload + off));
      }
    }
  }

  /** Null if an object of this class may have {@code size} payload bytes, else why not. */
  String sizeProblem(int size) {
    if (size < 0) return "negative size " + size;
    if (fixedSize >= 0 && size != fixedSize) {
      return "size " + size + " differs from the class size " + fixedSize;
    }
    return null;
  }

  @FunctionalInterface
  interface RefVisitor {
    void visit(int fieldOffset, long ref);
  }
}
