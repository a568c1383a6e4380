package org.jnvm.codegen.corpus.bad;

import org.jnvm.core.annotation.Persistent;

@Persistent(fa = "sometimes")
public class UnknownFa {
  int v;
}
