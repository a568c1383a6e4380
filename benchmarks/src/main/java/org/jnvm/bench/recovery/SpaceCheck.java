package org.jnvm.bench.recovery;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Checks, before a big heap is created, that its directory has room for it plus a margin: tmpfs is
 * memory, and filling it starves the machine (and other users of /dev/shm).
 */
public final class SpaceCheck {
  static final long MARGIN = 256L << 20;

  private SpaceCheck() {}

  static void require(Path dir, long heapBytes, long cells) {
    require(dir, heapBytes, "the recovery heap: cells=" + cells);
  }

  /**
   * Throws unless {@code dir} has room for {@code heapBytes} plus the margin; names {@code what}.
   */
  public static void require(Path dir, long heapBytes, String what) {
    long usable;
    try {
      usable = Files.getFileStore(dir).getUsableSpace();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read free space: dir=" + dir, e);
    }
    if (usable < heapBytes + MARGIN) {
      throw new IllegalStateException(
          "not enough free space for "
              + what
              + " need="
              + (heapBytes + MARGIN)
              + " bytes (heap "
              + heapBytes
              + " + margin "
              + MARGIN
              + ") usable="
              + usable
              + " dir="
              + dir);
    }
  }
}
