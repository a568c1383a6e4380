/**
 * Latency injection: a gateway backend that adds the write-back and fence costs of a slower
 * persistent medium (Optane presets) on top of the real backend, for benchmarks on DRAM.
 */
package org.jnvm.emulation.latency;
