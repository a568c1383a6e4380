package org.jnvm.ycsb.infinispan;

import java.nio.file.Path;

/**
 * Where a backend keeps its files, and how many entries Infinispan keeps in memory.
 *
 * @param root a directory of this table's own (created if missing); stores put their files under it
 * @param memoryCount entries kept in memory by a persistent backend (about 10% of the records in
 *     the comparison); 0 or less: no bound
 * @param heapSize bytes of a persistent heap sized for the run (J-NVM stores)
 */
public record BenchDirs(Path root, long memoryCount, long heapSize) {
  /** A subdirectory of {@link #root} for one store's data. */
  public Path sub(String name) {
    return root.resolve(name);
  }
}
