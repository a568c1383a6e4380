package org.jnvm.dso;

/** A user-defined shared object's interface (tests). */
public interface Accumulator {
  long add(double v);

  double sum();
}
