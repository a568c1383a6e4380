package org.jnvm.crucial.bench;

import java.util.Arrays;
import java.util.List;

/** Median, quartiles and range of a few per-round figures (nearest-rank quantiles). */
record Spread(double min, double q1, double median, double q3, double max, int n) {
  static Spread of(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    double[] v = values.stream().mapToDouble(Double::doubleValue).toArray();
    Arrays.sort(v);
    return new Spread(v[0], rank(v, 0.25), rank(v, 0.5), rank(v, 0.75), v[v.length - 1], v.length);
  }

  private static double rank(double[] sorted, double q) {
    int r = (int) Math.ceil(q * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, r))];
  }
}
