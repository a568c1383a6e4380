package org.jnvm.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;

/**
 * {@code bin/jnvm server --status}: a line per node, from its root, its heap and its Hot Rod port,
 * whoever started it.
 */
final class NodeStatus {
  private NodeStatus() {}

  /** The state of every node of {@code spec}, one line each. */
  static String report(ClusterSpec spec) {
    StringBuilder b = new StringBuilder();
    RestartPlan plan =
        spec.backend().jnvm() && spec.nodes().size() > 1 ? RestartPlan.of(spec) : null;
    for (NodeSpec n : spec.nodes()) {
      b.append(line(spec, n));
      if (plan != null) b.append(ledger(plan, n.name()));
      b.append('\n');
    }
    if (plan != null && !plan.uncovered().isEmpty()) {
      b.append("a whole restart is refused: no current copy of ")
          .append(plan.uncovered())
          .append(" (--trust-all overrides)\n");
    }
    return b.toString();
  }

  /** What the restart ledgers say of a node: current, or stale where, and whom it waits for. */
  static String ledger(RestartPlan plan, String node) {
    String stale = plan.staleOf(node);
    if (stale.isEmpty()) return "; ledgers: current";
    Set<String> after = plan.waitFor(node);
    return "; ledgers: missed writes to segments "
        + stale
        + (after.isEmpty() ? "" : ", starts after " + String.join(",", after));
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
