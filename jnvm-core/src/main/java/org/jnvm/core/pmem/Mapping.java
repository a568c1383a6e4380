package org.jnvm.core.pmem;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;

/**
 * A live memory mapping of a heap file: {@code [base, base + size)}. Once an access through it
 * faulted because the file was changed under the JVM ({@link #fault}), it is refused: {@link
 * #requireUsable} throws.
 */
public final class Mapping {
  private final Path file;
  private final FileChannel channel;
  private final MappedRegion region;
  private final long base;
  private final long size;
  private final boolean readOnly;
  private volatile MappedFileChangedException fault;

  Mapping(Path file, FileChannel channel, MappedRegion region, long size, boolean readOnly) {
    this.file = file;
    this.channel = channel;
    this.region = region;
    this.base = region.address();
    this.size = size;
    this.readOnly = readOnly;
  }

  public Path file() {
    return file;
  }

  public long base() {
    return base;
  }

  public long size() {
    return size;
  }

  public boolean readOnly() {
    return readOnly;
  }

  public boolean contains(long address) {
    return address - base >= 0 && address - base < size;
  }

  /**
   * Throws if an access through this mapping faulted because its file changed under the JVM.
   *
   * @throws MappedFileChangedException naming the file and the first fault
   */
  public void requireUsable() {
    MappedFileChangedException f = fault;
    if (f != null) throw new MappedFileChangedException(f.getMessage(), f);
  }

  /**
   * What {@code t}, thrown by an access to this mapping, means: if the file is now shorter than the
   * mapping (truncated, punched by a copy), the mapping is refused from now on and the returned
   * exception names the file, with {@code t} as its cause; otherwise null (the fault is not this
   * file's doing, or {@code t} is no fault).
   */
  public MappedFileChangedException fault(Throwable t) {
    long length = length();
    if (length >= size) return null;
    return refuse("length=" + length, t);
  }

  /**
   * Before an access at {@code address} that the JVM does not protect against faults: throws if the
   * file no longer backs that address (and refuses the mapping from now on).
   */
  void requireBacked(long address) {
    requireUsable();
    long length = length();
    if (address - base < length) return;
    refuse("length=" + length + " accessed offset=0x" + Long.toHexString(address - base), null);
    requireUsable();
  }

  private synchronized MappedFileChangedException refuse(String what, Throwable cause) {
    if (fault == null) {
      fault =
          new MappedFileChangedException(
              "heap file changed under this JVM (truncated or overwritten by another"
                  + " process): it is refused from now on; close it, restore the file from a"
                  + " copy, reopen it: "
                  + what
                  + " mapped="
                  + size
                  + " file="
                  + file,
              cause);
    }
    return fault;
  }

  /** The file's length now (-1 if it cannot be read: the file is not what was mapped). */
  private long length() {
    try {
      return channel == null ? Long.MAX_VALUE : channel.size();
    } catch (IOException e) {
      return -1;
    }
  }

  MappedRegion region() {
    return region;
  }

  @Override
  public String toString() {
    return "Mapping[file=" + file + " base=0x" + Long.toHexString(base) + " size=" + size + "]";
  }
}
