/** DSO nodes for the sample applications, the benchmark and the tests: embedded or forked. */
package org.jnvm.crucial.cluster;
