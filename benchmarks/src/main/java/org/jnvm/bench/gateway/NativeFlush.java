package org.jnvm.bench.gateway;

/**
 * The C baseline, through JNI: the same store, write-back and fence as the Java side, in C (see
 * {@code src/main/c/jnvm_bench.c}). The store functions trust their instruction code: check it once
 * with {@link #require}, since an instruction the CPU lacks kills the JVM (SIGILL).
 */
public final class NativeFlush {
  private static final String PROBLEM = NativeLibrary.load();

  private NativeFlush() {}

  /** True if the JNI library is loaded. */
  public static boolean available() {
    return PROBLEM == null;
  }

  /** Why the library is unavailable; null if it is loaded. */
  public static String problem() {
    return PROBLEM;
  }

  /** Throws, with the reason, unless the library is loaded and the CPU executes {@code f}. */
  public static void require(Flush f) {
    if (PROBLEM != null) throw new IllegalStateException("C baseline unavailable: " + PROBLEM);
    if (!supported(f.code)) {
      throw new IllegalStateException(
          "C baseline: CPUID says this CPU has no " + f.flag() + " instruction");
    }
  }

  /** True if CPUID reports instruction {@code kind}. */
  static native boolean supported(int kind);

  /** Stores {@code value} at {@code address}, writes its line back, fences. */
  static native void store1(long address, long value, int kind);

  /** {@link #store1} {@code n} times on one line (values {@code value + i}), in one call. */
  static native void store1Loop(long address, long value, int kind, int n);

  /**
   * Stores {@code value} in each of {@code lines} lines from {@code address}, writes each back,
   * then fences once.
   */
  static native void storeLines(long address, int lines, long value, int kind);
}
