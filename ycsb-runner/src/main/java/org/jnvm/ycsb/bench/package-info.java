/**
 * The backend comparison behind {@code bin/jnvm bench}: one JVM per (backend, thread count, group
 * of workloads) that loads then runs YCSB workloads in process, and a parent that collects the
 * figures into a Markdown report and a PNG chart.
 */
package org.jnvm.ycsb.bench;
