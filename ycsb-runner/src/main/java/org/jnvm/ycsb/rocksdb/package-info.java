/** The RocksDB row of the comparison: an Infinispan backend that only the runner carries. */
package org.jnvm.ycsb.rocksdb;
