package org.jnvm.core.pmem;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags a J-NVM program needs on this JDK, as {@code bin/jnvm java-flags} prints them: the
 * gateway reaches the JDK writeback intrinsics through {@code jdk.internal.misc} (docs/gateway.md);
 * without the flags it falls back to msync. For launchers that fork J-NVM JVMs.
 */
public final class GatewayFlags {
  private GatewayFlags() {}

  /** The flags for a JVM of the same feature release as this one. */
  public static List<String> forThisJdk() {
    return forFeature(Runtime.version().feature());
  }

  /** The flags for a JVM of feature release {@code feature} (17, 21, 25, ...). */
  public static List<String> forFeature(int feature) {
    List<String> f = new ArrayList<>();
    f.addAll(
        List.of(
            "--add-opens",
            "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports",
            "java.base/jdk.internal.misc=ALL-UNNAMED"));
    if (feature < 22) {
      // heaps over 2 GiB are mapped through FileChannelImpl.mapInternal on JDK 17 and 21
      f.addAll(List.of("--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED"));
    }
    if (feature >= 22) {
      // native calls from libraries (Infinispan, LLPL) warn without it
      f.add("--enable-native-access=ALL-UNNAMED");
    }
    if (feature >= 23) {
      f.add("--sun-misc-unsafe-memory-access=allow");
    }
    return f;
  }
}
