/** Emulated NVMM: provisioning, crash simulation, latency injection and the kill harness. */
package org.jnvm.emulation;
