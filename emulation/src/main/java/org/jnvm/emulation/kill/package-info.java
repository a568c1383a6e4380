/**
 * Process-kill torture: runs a workload in a child JVM on the real backend, kills it with SIGKILL
 * at random moments and checks the heap against what the child acknowledged.
 */
package org.jnvm.emulation.kill;
