/**
 * A TPC-B bank on Infinispan transactions, run against each persistence backend and killed with
 * SIGKILL half-way: throughput over time, recovery time and a consistency check after the restart.
 */
package org.jnvm.tpcb;
