package org.jnvm.core.pmem;

import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * How the gateway maps a heap file: one contiguous range of {@code size} bytes from offset 0. One
 * route is chosen per JVM ({@link MapRoutes}); see {@code docs/gateway.md} for why each exists.
 */
interface MapRoute {
  /** A short name for the start-up line, e.g. {@code ffm}. */
  String name();

  /** The largest mapping this route can make, in bytes. */
  long maxSize();

  /**
   * Maps {@code [0, size)} of {@code ch} with {@code mode}; the file is at least {@code size} bytes
   * long. {@code mode} is one of {@code jdk.nio.mapmode.ExtendedMapMode}'s sync modes (MAP_SYNC)
   * exactly when {@code sync} is true.
   */
  MappedRegion map(FileChannel ch, long size, FileChannel.MapMode mode, boolean sync)
      throws IOException;
}
