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
  /**
   * How long a node's start may take before it is a failure: 120 s, or {@code
   * -Djnvm.server.startTimeoutMs=...} (a machine under other load starts a JVM slower).
   */
  public static final long START_TIMEOUT_MS = Long.getLong("jnvm.server.startTimeoutMs", 120_000);

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
    return layOut(spec, artifacts, spec.nodes().stream().map(NodeSpec::index).toList());
  }

  /**
   * Lays out the home and the roots of the nodes in {@code which} only: the roots of the others,
   * which may be running, are left as they are.
   */
  public static ServerCluster layOut(
      ClusterSpec spec, ServerArtifacts artifacts, List<Integer> which) throws IOException {
    Files.createDirectories(spec.dir());
    Files.createDirectories(spec.heapDir());
    Path homeDir = spec.dir().resolve("home");
    // a part of the cluster: the others may run from the home, which is then kept as it is
    ServerHome home =
        which.size() < spec.nodes().size()
            ? ServerHome.existingOrLayOut(homeDir, artifacts)
            : ServerHome.layOut(homeDir, artifacts);
    for (int i : which) {
      NodeConfig.layOut(spec, spec.nodes().get(i), artifacts.dropIn());
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

  /**
   * Starts every node not running, those whose heaps are current first ({@link RestartPlan}); a
   * node that fails stops the ones this started.
   */
  public void startAll() throws IOException, InterruptedException {
    List<ServerNode> started = new ArrayList<>();
    try {
      for (ServerNode n : inStartOrder(nodes)) {
        if (n.running()) continue;
        n.start(START_TIMEOUT_MS);
        started.add(n);
      }
    } catch (RuntimeException | IOException | InterruptedException e) {
      for (ServerNode n : started) n.stop();
      throw e;
    }
  }

  /** {@code which} in the order that starts current heaps first. */
  List<ServerNode> inStartOrder(List<ServerNode> which) {
    List<Integer> idx = which.stream().map(n -> n.spec().index()).toList();
    return RestartPlan.of(spec).startOrder(idx).stream().map(this::node).toList();
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
