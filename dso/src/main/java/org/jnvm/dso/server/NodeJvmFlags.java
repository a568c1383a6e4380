package org.jnvm.dso.server;

import java.util.List;
import org.jnvm.core.pmem.GatewayFlags;

/**
 * The JVM flags a forked node needs: what {@code bin/jnvm java-flags} gives ({@link GatewayFlags}),
 * so that its J-NVM store writes back with the JDK intrinsics rather than msync.
 */
public final class NodeJvmFlags {
  private NodeJvmFlags() {}

  /** The flags for a node running on the same JDK as this JVM. */
  public static List<String> gateway() {
    return GatewayFlags.forThisJdk();
  }
}
