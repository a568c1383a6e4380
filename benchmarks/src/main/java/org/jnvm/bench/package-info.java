/**
 * J-NVM's performance evidence: JMH micro-benchmarks, each against a baseline measured in the same
 * run, the recovery benchmark, and the generator of {@code bin/jnvm microbench}'s report.
 */
package org.jnvm.bench;
