/**
 * YCSB over Hot Rod: {@link org.jnvm.ycsb.hotrod.HotRodDB} talks to an Infinispan Server cluster
 * (bin/jnvm server, or {@code bin/jnvm bench --remote}) as a Hot Rod user would.
 */
package org.jnvm.ycsb.hotrod;
