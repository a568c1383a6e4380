package org.jnvm.codegen.corpus.bad;

import org.jnvm.core.annotation.Persistent;

public class Outer {
  int outerState;

  /** Not static: holds the outer instance in a synthetic field. */
  @Persistent
  public class Inner {
    int v;

    int both() {
      return v + outerState;
    }
  }
}
