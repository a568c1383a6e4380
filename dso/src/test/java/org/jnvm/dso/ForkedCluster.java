package org.jnvm.dso;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** n forked nodes on loopback with their own ports and directories; closing kills them all. */
final class ForkedCluster implements AutoCloseable {
  final List<ForkedNode> nodes = new ArrayList<>();
  final Path dir;

  ForkedCluster(String name, int n, int replicas, List<String> extra) {
    dir = TestNodes.freshDir(name);
    Path logs = Path.of("target", "dso-logs");
    try {
      java.nio.file.Files.createDirectories(logs);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    List<int[]> ports = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      ports.add(new int[] {TestNodes.freePort(), TestNodes.freePortPair()});
    }
    String peers =
        ports.stream().map(p -> "127.0.0.1[" + p[1] + "]").collect(Collectors.joining(","));
    for (int i = 0; i < n; i++) {
      String node = name + "-" + i;
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--peers",
                  peers,
                  "--dir",
                  dir.resolve(node).toString(),
                  "--replicas",
                  Integer.toString(replicas),
                  "--expect",
                  Integer.toString(n),
                  "--cluster",
                  name + "-" + ProcessHandle.current().pid(),
                  "--start-timeout",
                  "120"));
      args.addAll(extra);
      nodes.add(
          new ForkedNode(
              node, ports.get(i)[0], ports.get(i)[1], logs.resolve(node + ".log"), args));
    }
  }

  /** Starts every node and waits until all serve. */
  void startAll() throws Exception {
    nodes.forEach(ForkedNode::launch);
    for (ForkedNode n : nodes) {
      n.awaitReady(150);
    }
  }

  String endpoints() {
    return nodes.stream().map(ForkedNode::endpoint).collect(Collectors.joining(","));
  }

  DsoClient client() {
    return DsoClient.builder()
        .servers(endpoints())
        .callTimeout(Duration.ofSeconds(60))
        .attemptTimeout(Duration.ofSeconds(5))
        .connect();
  }

  void stopAll() throws InterruptedException {
    for (ForkedNode n : nodes) {
      n.stop();
    }
  }

  void killAll() throws InterruptedException {
    for (ForkedNode n : nodes) {
      n.kill();
    }
  }

  @Override
  public void close() {
    try {
      nodes.forEach(ForkedNode::close);
    } finally {
      TestNodes.deleteTree(dir);
    }
  }
}
