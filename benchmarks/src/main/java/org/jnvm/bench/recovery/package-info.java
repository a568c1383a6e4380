/** The recovery benchmark: the single-shot cost of reopening a heap of many small objects. */
package org.jnvm.bench.recovery;
