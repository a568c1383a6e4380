package org.jnvm.dso;

import java.io.Serializable;

/** A user-defined shared type: deterministic methods, registered on the server (tests). */
public final class SumAccumulator implements Accumulator, Serializable {
  private static final long serialVersionUID = 1L;
  private double sum;
  private long count;

  public SumAccumulator(double start) {
    sum = start;
  }

  @Override
  public long add(double v) {
    sum += v;
    return ++count;
  }

  @Override
  public double sum() {
    return sum;
  }
}
