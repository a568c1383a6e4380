/** YCSB bindings ({@code site.ycsb.DB}) for Infinispan embedded, J-PDT maps and PMDK (LLPL). */
package org.jnvm.ycsb;
