package org.jnvm.codegen;

import java.util.ArrayList;
import java.util.List;

/** Collects every problem of a run, so that one build reports them all. */
final class Problems {
  private final List<String> list = new ArrayList<>();

  void add(String problem) {
    if (!list.contains(problem)) list.add(problem);
  }

  /** Throws a {@link CodegenException} listing every problem, if there is any. */
  void throwIfAny() {
    if (!list.isEmpty()) throw new CodegenException(list);
  }
}
