package org.jnvm.emulation.crash;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Chooses which images of one crash point to check. Each dirty line offers some versions (see
 * {@link Line#choices}); an image picks one per line.
 *
 * <ol>
 *   <li>If the product of the choice counts is at most the exhaustive limit, every image.
 *   <li>Otherwise the extremes (nothing beyond media; every line at its newest version), for each
 *       line "only this line new" and "all new but this line", then seeded random images.
 * </ol>
 */
final class ImagePlanner {
  private static final int MAX_SINGLE_LINE_IMAGES = 64;

  private ImagePlanner() {}

  /** Returns, per image, the index into each line's choices. */
  static List<int[]> plan(int[][] choices, CrashConfig cfg, SplittableRandom rnd) {
    int n = choices.length;
    long total = 1;
    for (int[] c : choices) total = saturatingTimes(total, c.length);
    List<int[]> images = new ArrayList<>();
    if (total <= cfg.exhaustiveLimit()) {
      enumerate(choices, images, (int) total);
      return images;
    }
    int[] none = new int[n];
    int[] all = new int[n];
    for (int i = 0; i < n; i++) all[i] = choices[i].length - 1;
    images.add(none);
    images.add(all);
    for (int k = 0; k < Math.min(n, MAX_SINGLE_LINE_IMAGES); k++) {
      int i = n <= MAX_SINGLE_LINE_IMAGES ? k : rnd.nextInt(n);
      int[] only = new int[n];
      only[i] = all[i];
      images.add(only);
      int[] but = all.clone();
      but[i] = 0;
      images.add(but);
    }
    for (int s = 0; s < cfg.samples(); s++) {
      int[] img = new int[n];
      for (int i = 0; i < n; i++) img[i] = rnd.nextInt(choices[i].length);
      images.add(img);
    }
    return images;
  }

  /**
   * {@code a * b} for {@code a, b >= 1}, or {@link Long#MAX_VALUE} if it does not fit. (A product
   * in [2^63, 2^64) has no high bits yet is negative as a long: an earlier test on the high half
   * let it through, and a crash point with some 63 dirty lines then planned no image at all.)
   */
  static long saturatingTimes(long a, int b) {
    return a > Long.MAX_VALUE / b ? Long.MAX_VALUE : a * b;
  }

  private static void enumerate(int[][] choices, List<int[]> out, int total) {
    int[] digits = new int[choices.length];
    for (int k = 0; k < total; k++) {
      out.add(digits.clone());
      for (int i = 0; i < digits.length; i++) {
        if (++digits[i] < choices[i].length) break;
        digits[i] = 0;
      }
    }
  }
}
