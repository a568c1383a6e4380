/**
 * An Infinispan {@code NonBlockingStore} in a J-NVM heap ({@link org.jnvm.infinispan.JnvmStore}),
 * in J-PDT or J-PFA mode, with the heap registry applications share it through ({@link
 * org.jnvm.infinispan.JnvmHeaps}).
 */
package org.jnvm.infinispan;
