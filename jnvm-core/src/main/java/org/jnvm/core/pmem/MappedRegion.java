package org.jnvm.core.pmem;

/**
 * One live memory mapping as a {@link MapRoute} made it: its address, how to force a range of it to
 * the file (msync) and how to unmap it. Package-private: only the gateway touches mappings.
 */
interface MappedRegion {
  /** The address of the first mapped byte. */
  long address();

  /**
   * Writes {@code [offset, offset + length)} back to the file and waits (msync; on a MAP_SYNC
   * mapping, the JDK writes the lines back instead). The range lies inside the mapping.
   */
  void force(long offset, long length);

  /** Unmaps now; the region must not be used afterwards. */
  void unmap();
}
