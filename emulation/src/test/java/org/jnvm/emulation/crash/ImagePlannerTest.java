package org.jnvm.emulation.crash;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The planner checks every image of a small crash point and a sample of a large one, whatever the
 * number of images overflows to.
 */
class ImagePlannerTest {
  private static int[][] lines(int count, int versions) {
    int[][] choices = new int[count][versions];
    for (int[] c : choices) for (int v = 0; v < versions; v++) c[v] = v;
    return choices;
  }

  private static List<int[]> plan(int[][] choices) {
    return ImagePlanner.plan(
        choices, CrashConfig.quick(CrashModel.EVICTION), new SplittableRandom(1));
  }

  @Test
  void aSmallPointIsEnumerated() {
    List<int[]> images = plan(lines(3, 2));
    assertEquals(8, images.size());
    assertArrayEquals(new int[] {1, 1, 1}, images.get(7));
  }

  /**
   * 2^63 images do not fit in a long: the plan must still hold the extremes and the samples (it was
   * empty before the overflow fix, so such a crash point checked nothing).
   */
  @Test
  void aPointOf2To63ImagesIsSampled() {
    List<int[]> images = plan(lines(63, 2));
    assertTrue(images.size() > 2 * 63, "images=" + images.size());
    assertArrayEquals(new int[63], images.get(0), "nothing beyond media");
    int[] all = new int[63];
    java.util.Arrays.fill(all, 1);
    assertArrayEquals(all, images.get(1), "every line at its newest version");
  }

  @Test
  void productsSaturate() {
    assertEquals(6, ImagePlanner.saturatingTimes(2, 3));
    assertEquals(Long.MAX_VALUE, ImagePlanner.saturatingTimes(1L << 62, 2));
    assertEquals(Long.MAX_VALUE, ImagePlanner.saturatingTimes(Long.MAX_VALUE, 3));
    assertEquals(Long.MAX_VALUE, ImagePlanner.saturatingTimes(Long.MAX_VALUE, 1));
  }
}
