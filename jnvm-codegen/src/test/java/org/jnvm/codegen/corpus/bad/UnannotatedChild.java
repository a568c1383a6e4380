package org.jnvm.codegen.corpus.bad;

/** Extends a persistent class without being persistent. */
public class UnannotatedChild extends Parent {
  int w;
}
