package org.jnvm.core.pmem;

import java.nio.file.Path;

/** A live memory mapping of a heap file: {@code [base, base + size)}. */
public final class Mapping {
  private final Path file;
  private final MappedRegion region;
  private final long base;
  private final long size;
  private final boolean readOnly;

  Mapping(Path file, MappedRegion region, long size, boolean readOnly) {
    this.file = file;
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

  MappedRegion region() {
    return region;
  }

  @Override
  public String toString() {
    return "Mapping[file=" + file + " base=0x" + Long.toHexString(base) + " size=" + size + "]";
  }
}
