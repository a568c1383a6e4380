/**
 * YCSB bindings ({@code site.ycsb.DB}) for Infinispan embedded and J-PDT maps, and the workload
 * files.
 */
package org.jnvm.ycsb;
