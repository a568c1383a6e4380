package org.jnvm.crucial.apps;

import java.util.SplittableRandom;

/**
 * The k-means input, generated rather than loaded: worker w's fragment is {@code points} points of
 * {@code dims} dimensions drawn around {@code k} centres from the seed {@code seed + w}, so every
 * run (and every re-run of a function) sees exactly the same data.
 */
public record KMeansData(long seed, int k, int dims, int points) implements java.io.Serializable {
  private static final long serialVersionUID = 1L;

  /** Worker {@code w}'s points, row-major: point i is {@code [i * dims, (i + 1) * dims)}. */
  public double[] fragment(int w) {
    SplittableRandom centres = new SplittableRandom(seed);
    double[] c = new double[k * dims];
    for (int i = 0; i < c.length; i++) {
      c[i] = centres.nextDouble(-10, 10);
    }
    SplittableRandom r = new SplittableRandom(seed + 1 + w);
    double[] p = new double[points * dims];
    for (int i = 0; i < points; i++) {
      int around = r.nextInt(k);
      for (int d = 0; d < dims; d++) {
        p[i * dims + d] = c[around * dims + d] + gaussian(r) * 2.0;
      }
    }
    return p;
  }

  private static double gaussian(SplittableRandom r) {
    double u = 1.0 - r.nextDouble();
    double v = r.nextDouble();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }

  /**
   * The partial sums of one fragment given {@code centroids}: for each cluster, the sum of its
   * points' coordinates then its point count ({@code k * (dims + 1)} values).
   */
  public double[] partial(double[] fragment, double[] centroids) {
    double[] s = new double[k * (dims + 1)];
    for (int i = 0; i < fragment.length / dims; i++) {
      int best = nearest(fragment, i, centroids);
      for (int d = 0; d < dims; d++) {
        s[best * (dims + 1) + d] += fragment[i * dims + d];
      }
      s[best * (dims + 1) + dims] += 1;
    }
    return s;
  }

  private int nearest(double[] p, int i, double[] centroids) {
    int best = 0;
    double bestD = Double.MAX_VALUE;
    for (int c = 0; c < k; c++) {
      double dist = 0;
      for (int d = 0; d < dims; d++) {
        double x = p[i * dims + d] - centroids[c * dims + d];
        dist += x * x;
      }
      if (dist < bestD) {
        bestD = dist;
        best = c;
      }
    }
    return best;
  }

  /**
   * New centroids from the partials, summed in worker order (so the result is bit-for-bit the same
   * in every run); an empty cluster keeps its centroid.
   */
  public double[] combine(double[][] partials, double[] centroids) {
    double[] next = centroids.clone();
    for (int c = 0; c < k; c++) {
      double n = 0;
      double[] sum = new double[dims];
      for (double[] p : partials) {
        n += p[c * (dims + 1) + dims];
        for (int d = 0; d < dims; d++) {
          sum[d] += p[c * (dims + 1) + d];
        }
      }
      if (n > 0) {
        for (int d = 0; d < dims; d++) {
          next[c * dims + d] = sum[d] / n;
        }
      }
    }
    return next;
  }

  /** The initial centroids: the first k points of fragment 0. */
  public double[] initialCentroids() {
    double[] f = fragment(0);
    return java.util.Arrays.copyOf(f, k * dims);
  }
}
