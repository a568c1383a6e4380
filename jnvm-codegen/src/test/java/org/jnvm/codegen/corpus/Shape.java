package org.jnvm.codegen.corpus;

import org.jnvm.core.annotation.Persistent;

/** An abstract persistent class with state: subclasses' constructors pass their type up. */
@Persistent
public abstract class Shape {
  protected long base;
  protected int tag;

  protected Shape(long base) {
    this.base = base;
    this.tag = 1;
  }

  public abstract long area();

  public long base() {
    return base;
  }
}
