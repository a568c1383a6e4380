package org.jnvm.codegen.bench;

/** The same fields in a plain Java object. */
public final class PlainCell implements Cell {
  long value;
  int tag;

  public PlainCell(int tag) {
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
