package org.jnvm.infinispan;

/** How the store keeps its entries consistent across crashes. */
public enum StoreMode {
  /**
   * J-PDT: per-segment persistent concurrent hash maps from key to an immutable entry record; an
   * update publishes a new record with one durable store (durable linearizability, no log).
   */
  JPDT,
  /**
   * J-PFA: the same maps, with entry records updated in place inside failure-atomic blocks (undo
   * and redo log); inserts and removals go through the map.
   */
  JPFA
}
