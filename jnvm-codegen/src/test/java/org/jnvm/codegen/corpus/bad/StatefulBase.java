package org.jnvm.codegen.corpus.bad;

/** Not persistent, with state. */
public class StatefulBase {
  protected int hidden;
  long more;
}
