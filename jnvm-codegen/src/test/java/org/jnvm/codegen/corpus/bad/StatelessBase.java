package org.jnvm.codegen.corpus.bad;

/** Not persistent, without state. */
public abstract class StatelessBase {
  public int twice(int v) {
    return 2 * v;
  }
}
