package org.jnvm.crucial.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.jnvm.dso.server.NodeJvmFlags;

/**
 * n forked DSO nodes on loopback with their own ports and directories (under one scratch
 * directory), logs under {@code logDir}. Nodes can be killed and launched again (same name, ports,
 * directory); {@link #close} kills them all and removes the directory. The system property {@code
 * jnvm.crucial.nodeJvmOpts} adds JVM options to every node (e.g. a flight recording to profile
 * them), "NAME" standing for the node's name.
 */
public final class NodeCluster implements AutoCloseable {
  private final List<NodeProcess> nodes = new ArrayList<>();
  private final Path dir;

  /**
   * @param types user shared object and value classes the nodes allow (on this class path)
   */
  public NodeCluster(String name, int n, int replicas, List<String> types, Path logDir) {
    dir = Ports.scratchDir("jnvm-crucial-" + name + "-");
    try {
      describe(name, n, replicas, types, logDir);
    } catch (RuntimeException | Error e) {
      Ports.deleteTree(dir); // nothing will close a cluster that was never built
      throw e;
    }
  }

  private void describe(String name, int n, int replicas, List<String> types, Path logDir) {
    try {
      Files.createDirectories(logDir);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    int[] client = new int[n];
    int[] cluster = new int[n];
    for (int i = 0; i < n; i++) {
      client[i] = Ports.free();
      cluster[i] = Ports.freePair();
    }
    String peers =
        java.util.Arrays.stream(cluster)
            .mapToObj(p -> "127.0.0.1[" + p + "]")
            .collect(Collectors.joining(","));
    for (int i = 0; i < n; i++) {
      String node = name + "-" + i;
      List<String> args =
          new ArrayList<>(
              List.of(
                  "--name", node,
                  "--port", Integer.toString(client[i]),
                  "--cluster-port", Integer.toString(cluster[i]),
                  "--peers", peers,
                  "--dir", dir.resolve(node).toString(),
                  "--replicas", Integer.toString(replicas),
                  "--expect", Integer.toString(n),
                  "--cluster", name + "-" + ProcessHandle.current().pid(),
                  "--start-timeout", "150"));
      if (!types.isEmpty()) {
        args.addAll(List.of("--types", String.join(",", types)));
      }
      List<String> jvm = new ArrayList<>(List.of("-Xmx256m", "-XX:+UseSerialGC", "-Xss512k"));
      jvm.addAll(NodeJvmFlags.gateway()); // the J-NVM store writes back with the intrinsics
      // Diagnostics hook (profiling the nodes): extra JVM options, "NAME" replaced by the node's.
      for (String opt : System.getProperty("jnvm.crucial.nodeJvmOpts", "").split(" ")) {
        if (!opt.isBlank()) {
          jvm.add(opt.replace("NAME", node));
        }
      }
      nodes.add(new NodeProcess(node, client[i], args, jvm, logDir.resolve(node + ".log")));
    }
  }

  /** Launches every node and waits until all serve. */
  public void startAll() throws Exception {
    nodes.forEach(NodeProcess::launch);
    for (NodeProcess p : nodes) {
      p.awaitReady(180);
    }
  }

  /** SIGKILLs every node. */
  public void killAll() throws InterruptedException {
    for (NodeProcess p : nodes) {
      p.kill();
    }
  }

  public List<NodeProcess> nodes() {
    return nodes;
  }

  /** The client endpoints, "host:port,host:port...". */
  public String endpoints() {
    return nodes.stream().map(NodeProcess::endpoint).collect(Collectors.joining(","));
  }

  @Override
  public void close() {
    try {
      nodes.forEach(NodeProcess::close);
    } finally {
      Ports.deleteTree(dir);
    }
  }
}
