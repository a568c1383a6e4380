/**
 * J-NVM in a real Infinispan Server: {@code bin/jnvm server} lays out a server installation from
 * Maven artifacts ({@link org.jnvm.server.ServerHome}), writes each node's configuration with a
 * cache backed by the drop-in {@code <jnvm-store>} ({@link org.jnvm.server.NodeConfig}), and runs
 * an N-node cluster on loopback ({@link org.jnvm.server.ServerCluster}), one JVM per node ({@link
 * org.jnvm.server.ServerNode}).
 */
package org.jnvm.server;
