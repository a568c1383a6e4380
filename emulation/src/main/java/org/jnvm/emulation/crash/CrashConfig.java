package org.jnvm.emulation.crash;

/**
 * How thoroughly to explore.
 *
 * @param model which lines may have reached media
 * @param exhaustiveLimit enumerate every image of a crash point when there are at most this many
 * @param samples random images per crash point otherwise (after the extremes)
 * @param seed seeds every random choice; a failure report gives it back
 * @param crashAtPwb also crash at every write-back, not only at fences
 * @param onlyPoint explore only this crash point (to reproduce a failure), or -1
 * @param pointStride explore every n-th crash point (1 = all); the first and last always
 */
public record CrashConfig(
    CrashModel model,
    int exhaustiveLimit,
    int samples,
    long seed,
    boolean crashAtPwb,
    long onlyPoint,
    int pointStride) {

  /** Quick, for the default test run. */
  public static CrashConfig quick(CrashModel model) {
    return new CrashConfig(model, 64, 12, 0x5eedL, false, -1, 1);
  }

  /** Long, for {@code -Pcrash}. */
  public static CrashConfig thorough(CrashModel model) {
    return new CrashConfig(model, 4096, 256, 0x5eedL, true, -1, 1);
  }

  /** Quick unless {@code -Djnvm.crash.long=true}. */
  public static CrashConfig standard(CrashModel model) {
    return Boolean.getBoolean("jnvm.crash.long") ? thorough(model) : quick(model);
  }

  public CrashConfig withSeed(long s) {
    return new CrashConfig(model, exhaustiveLimit, samples, s, crashAtPwb, onlyPoint, pointStride);
  }

  public CrashConfig withOnlyPoint(long p) {
    return new CrashConfig(model, exhaustiveLimit, samples, seed, crashAtPwb, p, pointStride);
  }

  public CrashConfig withCrashAtPwb(boolean v) {
    return new CrashConfig(model, exhaustiveLimit, samples, seed, v, onlyPoint, pointStride);
  }

  public CrashConfig withPointStride(int n) {
    return new CrashConfig(model, exhaustiveLimit, samples, seed, crashAtPwb, onlyPoint, n);
  }

  public CrashConfig withSamples(int exhaustive, int sampled) {
    return new CrashConfig(model, exhaustive, sampled, seed, crashAtPwb, onlyPoint, pointStride);
  }

  boolean selects(long point) {
    if (onlyPoint >= 0) return point == onlyPoint;
    return point == 1 || pointStride <= 1 || point % pointStride == 0;
  }
}
