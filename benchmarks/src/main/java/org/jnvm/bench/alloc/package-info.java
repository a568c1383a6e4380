/** Allocation and durable publication of a small persistent object against {@code new}. */
package org.jnvm.bench.alloc;
