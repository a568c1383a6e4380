package org.jnvm.core.heap;

/**
 * Classes the heap itself uses. Their ids and layouts are part of the file format (ids below {@link
 * PersistentClass#FIRST_USER_ID}); they are never written to the registry.
 */
final class Builtins {
  static final int ROOT_SEGMENT = 1;
  static final int REGISTRY_SEGMENT = 2;
  static final int CLASS_ENTRY = 3;

  /** Raw bytes (root names); no references. */
  static final int BYTES = 4;

  /** A migration's undo log ({@link ConversionLogLayout}); no references. */
  static final int CONVERSION_LOG = 5;

  private Builtins() {}

  static ClassInfo[] table() {
    ClassInfo[] t = new ClassInfo[PersistentClass.FIRST_USER_ID];
    t[ROOT_SEGMENT] =
        new ClassInfo(
            ROOT_SEGMENT,
            "jnvm.RootSegment",
            0,
            RootSegmentLayout.PAYLOAD,
            new int[] {RootSegmentLayout.NEXT_OFFSET},
            PersistentClass.NO_TAIL);
    t[REGISTRY_SEGMENT] =
        new ClassInfo(
            REGISTRY_SEGMENT,
            "jnvm.RegistrySegment",
            0,
            RegistrySegmentLayout.PAYLOAD,
            new int[0],
            0);
    t[CLASS_ENTRY] =
        new ClassInfo(
            CLASS_ENTRY,
            "jnvm.ClassEntry",
            0,
            PersistentClass.VARIABLE,
            new int[0],
            PersistentClass.NO_TAIL);
    t[BYTES] =
        new ClassInfo(
            BYTES, "jnvm.Bytes", 0, PersistentClass.VARIABLE, new int[0], PersistentClass.NO_TAIL);
    t[CONVERSION_LOG] =
        new ClassInfo(
            CONVERSION_LOG,
            "jnvm.ConversionLog",
            0,
            ConversionLogLayout.PAYLOAD,
            new int[0],
            PersistentClass.NO_TAIL);
    return t;
  }
}
