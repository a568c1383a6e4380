package org.jnvm.dso.server;

import java.util.ArrayList;
import java.util.List;

/**
 * The JVM flags a forked node needs: what {@code bin/jnvm java-flags} gives, so that its J-NVM
 * store writes back with the JDK intrinsics rather than msync. C1 only (a faster start) where the
 * intrinsics allow it: up to JDK 17; later JDKs refuse them without C2 and would fall back to
 * msync.
 */
public final class NodeJvmFlags {
  private NodeJvmFlags() {}

  /** The flags for a node running on the same JDK as this JVM. */
  public static List<String> gateway() {
    List<String> f = new ArrayList<>();
    f.addAll(
        List.of(
            "--add-opens",
            "java.base/jdk.internal.misc=ALL-UNNAMED",
            "--add-exports",
            "java.base/jdk.internal.misc=ALL-UNNAMED"));
    int feature = Runtime.version().feature();
    if (feature < 22) {
      // heaps over 2 GiB on JDK 17 (docs/gateway.md)
      f.addAll(List.of("--add-opens", "java.base/sun.nio.ch=ALL-UNNAMED"));
    }
    if (feature >= 23) {
      f.add("--sun-misc-unsafe-memory-access=allow");
    }
    return f;
  }
}
