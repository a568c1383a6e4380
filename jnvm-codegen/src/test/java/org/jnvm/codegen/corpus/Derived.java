package org.jnvm.codegen.corpus;

import org.jnvm.core.annotation.Persistent;

/** Inherits Shape's fields, adds its own, delegates between constructors with wide arguments. */
@Persistent(fa = "all")
public class Derived extends Shape {
  long extra;
  double weight;
  byte flag;
  String name;

  public Derived(long base, double weight, long extra) {
    super(base);
    long local = extra * 2; // a local after wide arguments: slots move by one
    this.extra = local / 2;
    this.weight = weight;
    this.name = "d" + base;
  }

  public Derived(long base) {
    this(base, 1.5, base + 1);
    flag = 1;
  }

  @Override
  public long area() {
    return base * extra;
  }

  public void grow(long by) {
    base += by;
    extra += by;
    tag++;
  }

  public String name() {
    return name;
  }

  public double weight() {
    return weight;
  }

  public byte flag() {
    return flag;
  }
}
