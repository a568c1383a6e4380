package org.jnvm.ycsb.bench;

import java.util.Map;

/**
 * One row of the comparison: a YCSB binding and the properties that select its backend.
 *
 * @param name what {@code --backends} takes
 * @param label the column heading of the report
 * @param db the {@code site.ycsb.DB} class
 * @param props binding properties for workloads without scans
 * @param scanProps binding properties for workload E, or null if it cannot scan
 * @param optional run only when {@code --backends} names it
 */
record Target(
    String name,
    String label,
    String db,
    Map<String, String> props,
    Map<String, String> scanProps,
    boolean optional) {
  Target(
      String name, String label, String db, Map<String, String> props, Map<String, String> scans) {
    this(name, label, db, props, scans, false);
  }

  boolean scans() {
    return scanProps != null;
  }
}
