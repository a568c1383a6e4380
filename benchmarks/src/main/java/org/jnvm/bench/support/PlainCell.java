package org.jnvm.bench.support;

/**
 * The volatile twin of {@link Cell}: the same 56 bytes of fields in an ordinary Java object, the
 * baseline of the proxy and allocation benchmarks.
 */
public final class PlainCell {
  public long value;
  public PlainCell next;
  long pad0;
  long pad1;
  long pad2;
  long pad3;
  long pad4;

  public PlainCell(long value) {
    this.value = value;
  }
}
