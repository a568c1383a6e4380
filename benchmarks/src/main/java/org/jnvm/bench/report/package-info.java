/**
 * Turns JMH's JSON and the recovery results into the Markdown report of {@code bin/jnvm
 * microbench}.
 */
package org.jnvm.bench.report;
