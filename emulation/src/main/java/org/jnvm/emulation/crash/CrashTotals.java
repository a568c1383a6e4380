package org.jnvm.emulation.crash;

/**
 * Totals over every crash test run in this JVM, printed once when it exits: how many crash images
 * were checked and how many tests failed.
 */
final class CrashTotals {
  private static long tests;
  private static long failed;
  private static long images;
  private static long nanos;
  private static boolean hooked;

  private CrashTotals() {}

  static synchronized void add(CrashStats s, boolean failure) {
    tests++;
    if (failure) failed++;
    images += s.images();
    nanos += s.nanos();
    if (!hooked) {
      hooked = true;
      Runtime.getRuntime().addShutdownHook(new Thread(CrashTotals::print, "jnvm-crash-totals"));
    }
  }

  static synchronized String summary() {
    return String.format(
        "[crash] TOTAL: %d crash tests, %d failed, %d images checked in %.1f s"
            + " (%.0f images/s)",
        tests, failed, images, nanos / 1e9, nanos == 0 ? 0 : images * 1e9 / nanos);
  }

  private static void print() {
    System.out.println(summary());
  }
}
