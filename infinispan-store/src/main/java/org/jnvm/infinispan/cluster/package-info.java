/**
 * Clustered caches on J-NVM heaps: {@link org.jnvm.infinispan.cluster.NamedRingHashFactory} places
 * each segment on nodes chosen by name from the configured membership, so that a cluster restarted
 * after every node died (in any order) puts every segment back on the nodes whose heaps hold it.
 */
package org.jnvm.infinispan.cluster;
