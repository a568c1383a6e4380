package org.jnvm.dso.server;

import java.nio.file.Path;
import java.util.List;

/**
 * A node's settings, fixed once the node starts.
 *
 * @param name stable node name (also the JGroups logical name); recovery relies on it only to name
 *     the node's directory
 * @param bind address the client port and the cluster port listen on (loopback unless told)
 * @param clientPort client protocol port (0: any free port, printed when ready)
 * @param clusterPort JGroups TCP port; the failure detector uses clusterPort + 1
 * @param peers cluster members' "host[port]" for TCPPING (the node itself may be listed)
 * @param jgroupsFile a JGroups stack to use instead of the built-in TCP/TCPPING one, or null
 * @param clusterName JGroups cluster name: nodes of one DSO cluster share it
 * @param dir the node's directory (persistent objects' store lives under it)
 * @param replicas owners of each persistent object (rf); ephemeral objects have one
 * @param expect members to wait for (and whose recovery to wait for) before serving clients
 * @param dropReplyEvery fault injection: drop the first reply of every n-th call (0: never)
 * @param types shared object and value classes to allow, by name, besides the library's
 * @param token shared secret clients must present in the handshake; empty: no check
 * @param storeSize size in bytes of the persistent objects' heap when the node creates it (an
 *     existing heap keeps its size); see {@link PersistentStore}
 */
public record NodeConfig(
    String name,
    String bind,
    int clientPort,
    int clusterPort,
    List<String> peers,
    Path jgroupsFile,
    String clusterName,
    Path dir,
    int replicas,
    int expect,
    int dropReplyEvery,
    List<String> types,
    String token,
    long storeSize) {

  public NodeConfig {
    if (replicas < 1) {
      throw new IllegalArgumentException("replicas must be >= 1: replicas=" + replicas);
    }
    if (expect < 1) {
      throw new IllegalArgumentException("expect must be >= 1: expect=" + expect);
    }
    peers = List.copyOf(peers);
    types = List.copyOf(types);
    token = token == null ? "" : token;
    if (storeSize <= 0) {
      throw new IllegalArgumentException("storeSize must be > 0: storeSize=" + storeSize);
    }
  }

  /** A single loopback node with defaults, for tests and a first try. */
  public static NodeConfig single(String name, int clientPort, int clusterPort, Path dir) {
    return new NodeConfig(
        name,
        "127.0.0.1",
        clientPort,
        clusterPort,
        List.of("127.0.0.1[" + clusterPort + "]"),
        null,
        "jnvm-dso",
        dir,
        1,
        1,
        0,
        List.of(),
        "",
        PersistentStore.DEFAULT_SIZE);
  }
}
