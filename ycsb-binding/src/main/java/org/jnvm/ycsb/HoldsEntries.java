package org.jnvm.ycsb;

/**
 * A binding whose records, or proxies of them, sit in a container on the Java heap: the report
 * counts them beside the heap they cost (bindings without one report nothing).
 */
public interface HoldsEntries {
  /** Entries the in-memory container holds now (Infinispan's data container, a volatile map). */
  long entriesInMemory();

  /**
   * From now on, keeps at most {@code entries} in memory if the container is bounded (a data set
   * that grows keeps its tenth in memory); an unbounded container ignores it.
   */
  default void rebound(long entries) {}
}
