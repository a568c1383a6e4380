package org.jnvm.dso.lib;

import org.jnvm.dso.SharedObject;
import org.jnvm.dso.objects.AtomicMatrixObject;

/** A shared matrix of doubles: element updates and whole-matrix aggregation, each atomic. */
public class AtomicMatrix extends SharedObject {
  private static final long serialVersionUID = 1L;

  public AtomicMatrix(int rows, int cols) {
    super(new AtomicMatrixObject(rows, cols));
  }

  public double get(int r, int c) {
    return (Double) call("get", r, c);
  }

  public void set(int r, int c, double v) {
    call("set", r, c, v);
  }

  public double addAndGet(int r, int c, double d) {
    return (Double) call("addAndGet", r, c, d);
  }

  /** Adds {@code m} element-wise, in one atomic call. */
  public void add(double[][] m) {
    call("add", (Object) m);
  }

  public double[][] toArray() {
    return (double[][]) call("toArray");
  }
}
