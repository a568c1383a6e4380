/** YCSB on a plain Java map: the volatile ceiling of the bindings without Infinispan. */
package org.jnvm.ycsb.map;
