package org.jnvm.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback Infinispan Server cluster: where it lives ({@code dir}: the server home and a root per
 * node; {@code heapDir}: the nodes' J-NVM heaps), its nodes and the one cache it serves.
 *
 * @param name the JGroups cluster name
 * @param cache the name of the distributed cache the nodes serve
 * @param owners copies of each entry (distributed cache)
 * @param backend what keeps the entries
 * @param heapSize a node's J-NVM heap maximum, e.g. {@code 1g}
 * @param xmxMb each node's Java heap in MiB
 * @param memoryMaxCount entries a node keeps in memory (0: all; a bounded file store reads the rest
 *     from its files)
 * @param gateway the J-NVM gateway backend the nodes must run ({@code -Djnvm.backend}): {@code
 *     intrinsics} by default, so that a node started without the gateway's flags fails rather than
 *     runs on the much slower msync; {@code auto} accepts the fallback
 */
public record ClusterSpec(
    Path dir,
    Path heapDir,
    String name,
    String cache,
    List<NodeSpec> nodes,
    int owners,
    StoreBackend backend,
    String heapSize,
    int xmxMb,
    long memoryMaxCount,
    String gateway) {

  public ClusterSpec {
    if (nodes.isEmpty()) throw new IllegalArgumentException("a cluster needs a node");
    if (owners < 1) throw new IllegalArgumentException("owners must be >= 1: " + owners);
    if (memoryMaxCount < 0) {
      throw new IllegalArgumentException("memoryMaxCount must be >= 0: " + memoryMaxCount);
    }
    nodes = List.copyOf(nodes);
  }

  /**
   * {@code count} nodes named {@code name-0, name-1, ...}, node i listening for Hot Rod on {@code
   * hotrodPort + i} and for JGroups on {@code jgroupsPort + i}; the defaults for the rest (2
   * owners, J-PDT, 1 GiB heaps, 1 GiB Java heaps, the intrinsics gateway, cache {@code jnvm}).
   */
  public static ClusterSpec loopback(
      Path dir, Path heapDir, String name, int count, int hotrodPort, int jgroupsPort) {
    List<NodeSpec> nodes = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      nodes.add(new NodeSpec(i, name + "-" + i, hotrodPort + i, jgroupsPort + i));
    }
    return new ClusterSpec(
        dir, heapDir, name, "jnvm", nodes, 2, StoreBackend.JPDT, "1g", 1024, 0, "intrinsics");
  }

  public ClusterSpec withBackend(StoreBackend b) {
    return new ClusterSpec(
        dir, heapDir, name, cache, nodes, owners, b, heapSize, xmxMb, memoryMaxCount, gateway);
  }

  public ClusterSpec withHeapSize(String s) {
    return new ClusterSpec(
        dir, heapDir, name, cache, nodes, owners, backend, s, xmxMb, memoryMaxCount, gateway);
  }

  public ClusterSpec withXmxMb(int mb) {
    return new ClusterSpec(
        dir, heapDir, name, cache, nodes, owners, backend, heapSize, mb, memoryMaxCount, gateway);
  }

  public ClusterSpec withGateway(String g) {
    return new ClusterSpec(
        dir, heapDir, name, cache, nodes, owners, backend, heapSize, xmxMb, memoryMaxCount, g);
  }

  public ClusterSpec withCache(String c) {
    return new ClusterSpec(
        dir, heapDir, name, c, nodes, owners, backend, heapSize, xmxMb, memoryMaxCount, gateway);
  }

  public ClusterSpec withOwners(int o) {
    return new ClusterSpec(
        dir, heapDir, name, cache, nodes, o, backend, heapSize, xmxMb, memoryMaxCount, gateway);
  }

  public ClusterSpec withMemoryMaxCount(long n) {
    return new ClusterSpec(
        dir, heapDir, name, cache, nodes, owners, backend, heapSize, xmxMb, n, gateway);
  }

  /** The nodes' Hot Rod endpoints, {@code host:port;host:port} as Hot Rod clients take them. */
  public String hotrodServers() {
    return String.join(";", nodes.stream().map(NodeSpec::hotrodEndpoint).toList());
  }
}
