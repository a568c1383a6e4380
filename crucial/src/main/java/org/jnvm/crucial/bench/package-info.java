/** {@code bin/jnvm dso-bench}: DSO latency and throughput against Redis, a table and a chart. */
package org.jnvm.crucial.bench;
