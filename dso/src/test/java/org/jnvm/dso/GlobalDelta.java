package org.jnvm.dso;

import java.io.Serializable;

/** A user-defined shared class used through class-typed fields, as in CRUCIAL's k-means. */
public class GlobalDelta implements Serializable {
  private static final long serialVersionUID = 1L;
  private double delta;
  private int updates;

  public GlobalDelta() {}

  public void update(double d) {
    delta += d;
    updates++;
  }

  public double get() {
    return delta;
  }

  public int updates() {
    return updates;
  }

  /** Array and long arguments, array result. */
  public double[] scaled(double[] by, long times) {
    double[] r = new double[by.length];
    for (int i = 0; i < by.length; i++) {
      r[i] = by[i] * delta * times;
    }
    return r;
  }
}
