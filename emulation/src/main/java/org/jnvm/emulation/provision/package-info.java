/**
 * Where heaps live: resolves the NVMM directory (explicit, {@code jnvm.heap.dir}, {@code
 * JNVM_HEAP_DIR}, {@code /dev/shm}), detects DAX mounts and checks a location before a heap is
 * created there.
 */
package org.jnvm.emulation.provision;
