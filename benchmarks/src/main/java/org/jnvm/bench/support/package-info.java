/** Persistent classes, heap files and checks shared by the benchmarks. */
package org.jnvm.bench.support;
