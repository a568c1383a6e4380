package org.jnvm.codegen;

/** Internal names and descriptors of what generated code calls, in one place. */
final class Names {
  static final String OBJECT = "java/lang/Object";
  static final String STRING = "java/lang/String";
  static final String THROWABLE = "java/lang/Throwable";
  static final String POBJECT = "org/jnvm/core/heap/PObject";
  static final String HEAP = "org/jnvm/core/heap/Heap";
  static final String RESURRECT = "org/jnvm/core/heap/PObject$Resurrect";
  static final String PCLASS = "org/jnvm/core/heap/PersistentClass";
  static final String FACTORY = "org/jnvm/core/heap/PersistentClass$Factory";
  static final String BUILDER = "org/jnvm/core/heap/PersistentClass$Builder";
  static final String JNVM = "org/jnvm/core/JNVM";
  static final String PMEM = "org/jnvm/core/pmem/Pmem";
  static final String HOOKS = "org/jnvm/jpfa/Hooks";
  static final String PSTRING = "org/jnvm/jpdt/PString";
  static final String ANNOTATION = "Lorg/jnvm/core/annotation/Persistent;";
  static final String FORMER_NAMES = "Lorg/jnvm/core/annotation/FormerNames;";
  static final String DEFAULT_VALUE = "Lorg/jnvm/core/annotation/DefaultValue;";

  static final String HEAP_D = "L" + HEAP + ";";
  static final String PCLASS_D = "L" + PCLASS + ";";
  static final String POBJECT_D = "L" + POBJECT + ";";
  static final String RESURRECT_D = "L" + RESURRECT + ";";
  static final String BUILDER_D = "L" + BUILDER + ";";

  /** Every generated member starts with this; user members may not. */
  static final String PREFIX = "jnvm$";

  /** The marker field: its presence means "already transformed"; its value lists own fields. */
  static final String MARKER = PREFIX + "FIELDS";

  /** The descriptor field ({@code PersistentClass}) of a concrete persistent class. */
  static final String TYPE = PREFIX + "TYPE";

  /** The static factory the descriptor's lambda calls. */
  static final String RESURRECT_METHOD = PREFIX + "resurrect";

  private Names() {}

  static String getter(String field) {
    return PREFIX + "get$" + field;
  }

  static String setter(String field) {
    return PREFIX + "set$" + field;
  }

  /** The store-only setter constructors use on their own, fresh, object. */
  static String initializer(String field) {
    return PREFIX + "init$" + field;
  }

  static String binary(String internal) {
    return internal.replace('/', '.');
  }

  static String internal(String binary) {
    return binary.replace('.', '/');
  }
}
