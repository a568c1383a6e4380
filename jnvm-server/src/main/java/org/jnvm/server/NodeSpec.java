package org.jnvm.server;

import java.nio.file.Path;

/**
 * One node of a loopback cluster: its name (also its JGroups name and the name of its root and
 * heap), its Hot Rod port and its JGroups port.
 */
public record NodeSpec(int index, String name, int hotrodPort, int jgroupsPort) {
  /** The node's server root under the cluster's directory. */
  Path root(Path clusterDir) {
    return clusterDir.resolve(name);
  }

  /** The node's J-NVM heap file. */
  Path heap(Path heapDir) {
    return heapDir.resolve(name + ".heap");
  }

  String hotrodEndpoint() {
    return "127.0.0.1:" + hotrodPort;
  }
}
