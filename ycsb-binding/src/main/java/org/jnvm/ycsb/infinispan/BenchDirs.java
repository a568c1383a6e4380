package org.jnvm.ycsb.infinispan;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where a backend keeps its files, and how many entries Infinispan keeps in memory.
 *
 * @param root a directory of this table's own (created if missing); stores put their files under it
 * @param memoryCount entries kept in memory by a persistent backend (about 10% of the records in
 *     the comparison); 0 or less: no bound
 * @param heapSize bytes of a persistent heap sized for the run (J-NVM stores)
 */
public record BenchDirs(Path root, long memoryCount, long heapSize, Set<Path> handedOut) {
  public BenchDirs(Path root, long memoryCount, long heapSize) {
    this(root, memoryCount, heapSize, ConcurrentHashMap.newKeySet());
  }

  /** A path under {@link #root} for one store's data (remembered: see {@link #own}). */
  public Path sub(String name) {
    Path p = root.resolve(name);
    handedOut.add(p);
    return p;
  }

  /** Every path {@link #sub} handed out: what the stores may have created under the root. */
  public List<Path> own() {
    return List.copyOf(handedOut);
  }
}
