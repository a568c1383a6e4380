/**
 * The persistent heap: file format, allocator, objects and proxies, class registry, roots, recovery
 * and the verifier.
 */
package org.jnvm.core.heap;
