package org.jnvm.codegen.corpus.bad;

import org.jnvm.core.annotation.Persistent;

/** Declares a method that PObject declares final. */
@Persistent
public class FinalClash {
  int v;

  public void persist() {
    v = 0;
  }
}
