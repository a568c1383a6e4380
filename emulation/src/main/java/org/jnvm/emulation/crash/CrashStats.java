package org.jnvm.emulation.crash;

/**
 * What one crash test did.
 *
 * @param points crash points reached (fences, and write-backs when enabled)
 * @param explored crash points whose images were checked
 * @param images crash images opened, recovered and checked
 */
public record CrashStats(
    String name,
    CrashModel model,
    long points,
    long explored,
    long images,
    long stores,
    long pwbs,
    long fences,
    long nanos) {

  public double imagesPerSecond() {
    return nanos == 0 ? 0 : images * 1e9 / nanos;
  }

  @Override
  public String toString() {
    return String.format(
        "[crash] %s: model=%s points=%d explored=%d images=%d failed=0 in %.2f s (%.0f images/s)"
            + " stores=%d pwbs=%d fences=%d",
        name,
        model,
        points,
        explored,
        images,
        nanos / 1e9,
        imagesPerSecond(),
        stores,
        pwbs,
        fences);
  }
}
