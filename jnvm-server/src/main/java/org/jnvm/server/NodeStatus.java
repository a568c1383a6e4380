package org.jnvm.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * {@code bin/jnvm server --status}: a line per node, from its root, its heap and its Hot Rod port,
 * whoever started it.
 */
final class NodeStatus {
  private NodeStatus() {}

  /** The state of every node of {@code spec}, one line each. */
  static String report(ClusterSpec spec) {
    StringBuilder b = new StringBuilder();
    for (NodeSpec n : spec.nodes()) {
      b.append(line(spec, n)).append('\n');
    }
    return b.toString();
  }

  static String line(ClusterSpec spec, NodeSpec n) {
    Path root = n.root(spec.dir());
    Optional<ProcessHandle> p = NodeProcess.live(root);
    boolean locked = NodeProcess.locked(root);
    String state;
    if (locked) {
      state =
          "running, pid "
              + p.map(h -> Long.toString(h.pid())).orElse("unknown")
              + (listening(n.hotrodPort()) ? ", Hot Rod up" : ", Hot Rod not up yet");
    } else if (p.isPresent()) {
      state = "starting, pid " + p.get().pid();
    } else {
      state = Files.isDirectory(root) ? "stopped" : "never started";
    }
    Path heap = n.heap(spec.heapDir());
    return n.index()
        + " "
        + n.name()
        + ": "
        + state
        + "; Hot Rod 127.0.0.1:"
        + n.hotrodPort()
        + ", JGroups "
        + n.jgroupsPort()
        + (Files.exists(heap) ? ", heap " + heap : ", no heap yet");
  }

  static boolean listening(int port) {
    try (Socket s = new Socket()) {
      s.connect(new InetSocketAddress("127.0.0.1", port), 500);
      return true;
    } catch (IOException e) {
      return false;
    }
  }
}
