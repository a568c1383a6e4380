/**
 * The external-design baseline: YCSB records in a PMDK libpmemobj pool reached from Java through
 * JNI, with Intel's LLPL (a library users picked for exactly this).
 */
package org.jnvm.ycsb.pmdk;
