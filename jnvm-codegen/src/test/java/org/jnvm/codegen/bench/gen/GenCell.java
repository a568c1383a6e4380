package org.jnvm.codegen.bench.gen;

import org.jnvm.codegen.bench.Cell;
import org.jnvm.core.annotation.Persistent;

/** Transformed by the benchmark before use: a generated proxy. */
@Persistent
public class GenCell implements Cell {
  long value;
  int tag;

  public GenCell(int tag) {
    this.tag = tag;
  }

  @Override
  public long read() {
    return value;
  }

  @Override
  public void write(long v) {
    value = v;
  }
}
