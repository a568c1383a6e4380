package org.jnvm.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A loopback Infinispan Server cluster: its home laid out once, a root per node, the nodes started
 * one after the other (the first is the coordinator, each later one joins the running view).
 * Closing it stops the nodes still running (SIGTERM, as {@code bin/jnvm server} does on SIGTERM).
 */
public final class ServerCluster implements AutoCloseable {
  /** How long a node may take to start: a cold JVM on a loaded 2-core machine takes 5-15 s. */
  public static final long START_TIMEOUT_MS = 120_000;

  private final ClusterSpec spec;
  private final List<ServerNode> nodes = new ArrayList<>();

  private ServerCluster(ClusterSpec spec, ServerHome home) {
    this.spec = spec;
    for (NodeSpec n : spec.nodes()) {
      nodes.add(new ServerNode(spec, n, home));
    }
  }

  /**
   * Lays out the home and every node's root under {@code spec.dir()} (existing data and heaps are
   * kept: a cluster laid out again over its own directory restarts with its data).
   */
  public static ServerCluster layOut(ClusterSpec spec, ServerArtifacts artifacts)
      throws IOException {
    Files.createDirectories(spec.dir());
    Files.createDirectories(spec.heapDir());
    ServerHome home = ServerHome.layOut(spec.dir().resolve("home"), artifacts);
    for (NodeSpec n : spec.nodes()) {
      NodeConfig.layOut(spec, n, artifacts.dropIn());
    }
    return new ServerCluster(spec, home);
  }

  public ClusterSpec spec() {
    return spec;
  }

  public List<ServerNode> nodes() {
    return nodes;
  }

  public ServerNode node(int i) {
    return nodes.get(i);
  }

  /** Starts every node not running, in order; a node that fails stops the ones this started. */
  public void startAll() throws IOException, InterruptedException {
    List<ServerNode> started = new ArrayList<>();
    try {
      for (ServerNode n : nodes) {
        if (n.running()) continue;
        n.start(START_TIMEOUT_MS);
        started.add(n);
      }
    } catch (RuntimeException | IOException | InterruptedException e) {
      for (ServerNode n : started) n.stop();
      throw e;
    }
  }

  /** SIGKILLs every node (a whole-cluster power cut, the heaps in /dev/shm surviving). */
  public void killAll() throws InterruptedException {
    for (ServerNode n : nodes) n.kill();
  }

  /** SIGTERMs every running node, the last started first. */
  @Override
  public void close() throws InterruptedException {
    for (int i = nodes.size() - 1; i >= 0; i--) {
      nodes.get(i).stop();
    }
  }

  /** The J-NVM heap files of the nodes. */
  public List<Path> heaps() {
    return nodes.stream().map(ServerNode::heap).toList();
  }
}
