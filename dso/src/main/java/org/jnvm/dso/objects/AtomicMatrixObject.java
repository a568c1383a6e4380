package org.jnvm.dso.objects;

import java.io.Serializable;

/**
 * Server-side state of {@link org.jnvm.dso.lib.AtomicMatrix}: a rows x cols matrix of doubles
 * updated element-wise or aggregated whole ({@link #add}), each method atomic.
 */
public final class AtomicMatrixObject implements Serializable {
  private static final long serialVersionUID = 1L;
  private final int rows;
  private final int cols;
  private final double[] cells;

  public AtomicMatrixObject(int rows, int cols) {
    if (rows <= 0 || cols <= 0) {
      throw new IllegalArgumentException(
          "matrix dimensions must be positive: " + rows + "x" + cols);
    }
    this.rows = rows;
    this.cols = cols;
    this.cells = new double[rows * cols];
  }

  @ReadOnly
  public int rows() {
    return rows;
  }

  @ReadOnly
  public int cols() {
    return cols;
  }

  @ReadOnly
  public double get(int r, int c) {
    return cells[index(r, c)];
  }

  public void set(int r, int c, double v) {
    cells[index(r, c)] = v;
  }

  public double addAndGet(int r, int c, double d) {
    return cells[index(r, c)] += d;
  }

  /** Adds {@code m} element-wise (the aggregate step of k-means and friends). */
  public void add(double[][] m) {
    if (m.length != rows) {
      throw new IllegalArgumentException("row count " + m.length + " != " + rows);
    }
    for (int r = 0; r < rows; r++) {
      if (m[r].length != cols) {
        throw new IllegalArgumentException(
            "row " + r + " has " + m[r].length + " columns, not " + cols);
      }
      for (int c = 0; c < cols; c++) {
        cells[r * cols + c] += m[r][c];
      }
    }
  }

  @ReadOnly
  public double[][] toArray() {
    double[][] m = new double[rows][cols];
    for (int r = 0; r < rows; r++) {
      System.arraycopy(cells, r * cols, m[r], 0, cols);
    }
    return m;
  }

  private int index(int r, int c) {
    if (r < 0 || r >= rows || c < 0 || c >= cols) {
      throw new IndexOutOfBoundsException(
          "cell (" + r + "," + c + ") outside " + rows + "x" + cols);
    }
    return r * cols + c;
  }
}
