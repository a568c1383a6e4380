package org.jnvm.bench.support;

import org.jnvm.core.pmem.Pmem;

/**
 * Refuses to benchmark a gateway that is not the real thing: without the JVM flags, J-NVM falls
 * back to msync, and numbers measured on it would say nothing about J-NVM.
 */
public final class Gateway {
  /** The JVM flags the gateway needs, for {@code @Fork(jvmArgsAppend = ...)}. */
  public static final String ADD_OPENS = "--add-opens";

  public static final String ADD_EXPORTS = "--add-exports";
  public static final String MISC_TO_ALL = "java.base/jdk.internal.misc=ALL-UNNAMED";

  /** Lets the C baseline's System.load run without JDK 22+'s restricted-method warning. */
  public static final String NATIVE_ACCESS = "--enable-native-access=ALL-UNNAMED";

  private Gateway() {}

  /** Throws unless the backend writes back with cache-line instructions (intrinsics, patched). */
  public static void requireHardwareBackend() {
    String name = Pmem.backendName();
    if (!name.equals("intrinsics") && !name.equals("patched")) {
      throw new IllegalStateException(
          "benchmarks need the intrinsics or patched gateway backend: backend="
              + Pmem.backendDescription()
              + " (run through bin/jnvm, or add the flags `bin/jnvm java-flags` prints)");
    }
  }
}
