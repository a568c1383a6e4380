package org.jnvm.codegen.bench;

/** One long and one int: the same layout generated, by hand, and as a plain object. */
public interface Cell {
  long read();

  void write(long v);
}
