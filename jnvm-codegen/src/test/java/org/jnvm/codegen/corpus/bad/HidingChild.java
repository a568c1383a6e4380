package org.jnvm.codegen.corpus.bad;

import org.jnvm.core.annotation.Persistent;

/** Declares a field with the name of a persistent field of its superclass. */
@Persistent
public class HidingChild extends Parent {
  long v;
}
