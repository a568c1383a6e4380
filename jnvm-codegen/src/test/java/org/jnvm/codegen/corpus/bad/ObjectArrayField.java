package org.jnvm.codegen.corpus.bad;

import org.jnvm.core.annotation.Persistent;

@Persistent
public class ObjectArrayField {
  Parent[] parents;
}
