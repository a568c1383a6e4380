/** The gateway benchmark: store + write-back + fence from Java through Pmem against C via JNI. */
package org.jnvm.bench.gateway;
