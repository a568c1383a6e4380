package org.jnvm.core.pmem;

import java.io.IOException;
import java.nio.MappedByteBuffer;
import java.nio.channels.FileChannel;

/**
 * The portable route: {@link FileChannel#map(FileChannel.MapMode, long, long)}, a {@link
 * MappedByteBuffer} of at most {@link Integer#MAX_VALUE} bytes. Used where neither of the unbounded
 * routes is available (JDK 18-21, or JDK 17 without {@code --add-opens java.base/sun.nio.ch}).
 */
final class BufferRoute implements MapRoute {
  private final String why;

  BufferRoute(String why) {
    this.why = why;
  }

  /** Why the unbounded routes were refused, for the error a larger mapping gets. */
  String why() {
    return why;
  }

  @Override
  public String name() {
    return "buffer";
  }

  @Override
  public long maxSize() {
    return Integer.MAX_VALUE;
  }

  @Override
  public MappedRegion map(FileChannel ch, long size, FileChannel.MapMode mode, boolean sync)
      throws IOException {
    MappedByteBuffer buf = ch.map(mode, 0, size);
    long address = Pmem.bufferAddress(buf);
    return new MappedRegion() {
      @Override
      public long address() {
        return address;
      }

      @Override
      public void force(long offset, long length) {
        buf.force((int) offset, (int) length);
      }

      @Override
      public void unmap() {
        Pmem.invokeCleaner(buf);
      }
    };
  }
}
