package org.jnvm.crucial.bench;

import java.io.Serializable;
import org.jnvm.dso.objects.ReadOnly;

/**
 * The benchmark's shared matrix (a user-defined shared object): a "complex method" shipped to the
 * object ({@link #scaleAll}, one multiplication per cell) against a client that reads the matrix,
 * computes, and writes it back ({@link #read}, {@link #write}).
 */
public class BenchMatrix implements Serializable {
  private static final long serialVersionUID = 1L;

  private double[] cells = new double[0];

  public BenchMatrix() {}

  public BenchMatrix(int cells) {
    this.cells = new double[cells];
    java.util.Arrays.fill(this.cells, 1.0);
  }

  /** Multiplies every cell by {@code f} where the object lives. */
  public void scaleAll(double f) {
    for (int i = 0; i < cells.length; i++) {
      cells[i] *= f;
    }
  }

  @ReadOnly
  public double[] read() {
    return cells.clone();
  }

  public void write(double[] v) {
    if (v.length != cells.length) {
      throw new IllegalArgumentException(
          v.length + " cells written to a matrix of " + cells.length);
    }
    cells = v.clone();
  }
}
