package org.jnvm.server;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/jnvm server}: a real Infinispan Server 15.2 (or an N-node cluster on loopback) serving
 * one distributed cache backed by the drop-in {@code <jnvm-store>}, until SIGTERM.
 */
@Command(
    name = "bin/jnvm server",
    sortOptions = false,
    description = {
      "Starts Infinispan Server 15.2 nodes on loopback, laid out under --dir from the",
      "Maven artifacts: the drop-in J-NVM store jar in each node's DIR/NAME-I/lib, one",
      "distributed cache (2 owners) on <jnvm-store>, a heap per node. Hot Rod clients",
      "connect to 127.0.0.1:PORT..PORT+N-1. Runs until SIGTERM or Ctrl-C, which stops",
      "the nodes it started cleanly. A key none of whose owners is up is an error to",
      "clients, never an empty answer (partition handling ALLOW_READS).",
      "One node of a cluster: --node I starts it (the cluster's other options as when",
      "the cluster was started), --stop I stops it, --status lists every node. A node",
      "that runs already is not started again. After a crash, in any order: a node",
      "whose heap missed writes (the heaps' restart ledgers say) waits until the",
      "nodes with current heaps serve; --trust-all ignores the ledgers.",
      ""
    })
public final class ServerCommand {
  @Option(
      names = "--dir",
      required = true,
      description = "where the server home and the nodes' roots are laid out (kept across runs)")
  Path dir;

  @Option(names = "--nodes", description = "number of nodes (default ${DEFAULT-VALUE})")
  int nodes = 1;

  @Option(
      names = "--port",
      description = "Hot Rod port of the first node (default ${DEFAULT-VALUE})")
  int port = 11222;

  @Option(
      names = "--jgroups-port",
      description = "JGroups port of the first node (default ${DEFAULT-VALUE})")
  int jgroupsPort = 7800;

  @Option(
      names = "--backend",
      description = "jpdt, jpfa (the J-NVM store), sifs (file store) or volatile (default jpdt)")
  String backend = "jpdt";

  @Option(names = "--heap-size", description = "each node's J-NVM heap maximum (default 1g)")
  String heapSize = "1g";

  @Option(
      names = "--heap-dir",
      description = "directory of the nodes' heaps (default /dev/shm/jnvm-server-NAME)")
  Path heapDir;

  @Option(names = "--name", description = "cluster name (default ${DEFAULT-VALUE})")
  String name = "jnvm";

  @Option(names = "--cache", description = "name of the served cache (default ${DEFAULT-VALUE})")
  String cache = "jnvm";

  @Option(names = "--owners", description = "copies of each entry (default ${DEFAULT-VALUE})")
  int owners = 2;

  @Option(names = "--xmx", description = "each node's Java heap in MiB (default ${DEFAULT-VALUE})")
  int xmxMb = 1024;

  @Option(
      names = "--memory-max-count",
      description = "entries each node keeps in memory (default 0: all)")
  long memoryMaxCount;

  @Option(
      names = "--gateway",
      description =
          "gateway backend the nodes must run: intrinsics (default; a node without the flags"
              + " fails), auto (accepts the msync fallback), patched, msync")
  String gateway = "intrinsics";

  @Option(
      names = "--node",
      paramLabel = "I",
      description = "start only node I of the cluster (repeatable; default: every node)")
  List<Integer> only = new ArrayList<>();

  @Option(
      names = "--stop",
      paramLabel = "I",
      description = "stop node I (SIGTERM to its server JVM, started by any launcher) and exit")
  List<Integer> stop = new ArrayList<>();

  @Option(names = "--status", description = "print each node's state and exit")
  boolean status;

  @Option(
      names = "--trust-all",
      description =
          "start every heap as current, ignoring the restart ledgers (may revert or resurrect"
              + " writes a stale heap missed; for a restart the ledgers refuse)")
  boolean trustAll;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "this help")
  boolean help;

  public static void main(String[] args) throws Exception {
    ServerCommand c = new ServerCommand();
    CommandLine cl = new CommandLine(c);
    ClusterSpec spec;
    try {
      cl.parseArgs(args);
      if (c.help) {
        cl.usage(System.out, CommandLine.Help.Ansi.OFF);
        return;
      }
      spec = c.spec();
    } catch (CommandLine.ParameterException | IllegalArgumentException e) {
      System.err.println("server: " + e.getMessage());
      System.err.println(
          "usage: bin/jnvm server --dir DIR [--nodes N] ... (bin/jnvm server --help)");
      System.exit(64);
      return;
    }
    if (c.trustAll) System.setProperty(ServerNode.TRUST_ALL_PROPERTY, "true");
    if (c.status) {
      System.out.print(NodeStatus.report(spec));
      System.exit(0);
    }
    if (!c.stop.isEmpty()) {
      System.exit(stopNodes(spec, c.stop));
    }
    System.exit(serve(spec, c.only));
  }

  /** SIGTERM to each listed node's server JVM, then waits for it: 0 when every one is down. */
  static int stopNodes(ClusterSpec spec, List<Integer> which) throws InterruptedException {
    int status = 0;
    for (int i : which) {
      NodeSpec n = spec.nodes().get(i);
      Optional<ProcessHandle> p = NodeProcess.live(n.root(spec.dir()));
      if (p.isEmpty()) {
        say(n.name() + " is not running");
        continue;
      }
      say("stopping " + n.name() + " (pid " + p.get().pid() + ")");
      p.get().destroy();
      if (!waitFor(p.get(), 90)) {
        System.err.println("server: " + n.name() + " still runs 90 s after SIGTERM");
        status = 1;
      } else {
        say(n.name() + " stopped");
      }
    }
    return status;
  }

  private static boolean waitFor(ProcessHandle p, int seconds) throws InterruptedException {
    try {
      p.onExit().get(seconds, TimeUnit.SECONDS);
      return true;
    } catch (java.util.concurrent.ExecutionException | TimeoutException e) {
      return !p.isAlive();
    }
  }

  ClusterSpec spec() {
    if (nodes < 1 || nodes > 16) {
      throw new IllegalArgumentException("--nodes must be within 1..16: " + nodes);
    }
    checkPorts("--port", port);
    checkPorts("--jgroups-port", jgroupsPort);
    if (Math.abs(port - jgroupsPort) < nodes) {
      throw new IllegalArgumentException(
          "--port "
              + port
              + " and --jgroups-port "
              + jgroupsPort
              + " overlap for "
              + nodes
              + " nodes");
    }
    if (owners < 1) throw new IllegalArgumentException("--owners must be >= 1: " + owners);
    for (int i : only) checkIndex("--node", i);
    for (int i : stop) checkIndex("--stop", i);
    if (status && (!stop.isEmpty() || !only.isEmpty())) {
      throw new IllegalArgumentException("--status goes alone, without --node or --stop");
    }
    if (!stop.isEmpty() && !only.isEmpty()) {
      throw new IllegalArgumentException("--stop and --node do not go together");
    }
    if (memoryMaxCount < 0) {
      throw new IllegalArgumentException("--memory-max-count must be >= 0: " + memoryMaxCount);
    }
    if (xmxMb < 128) throw new IllegalArgumentException("--xmx must be >= 128 MiB: " + xmxMb);
    if (!name.matches("[A-Za-z0-9_.-]+")) {
      throw new IllegalArgumentException("--name takes letters, digits, '_', '.', '-': " + name);
    }
    StoreBackend b = StoreBackend.parse(backend);
    Path heaps = heapDir != null ? heapDir : Path.of("/dev/shm", "jnvm-server-" + name);
    return ClusterSpec.loopback(
            dir.toAbsolutePath(), heaps.toAbsolutePath(), name, nodes, port, jgroupsPort)
        .withBackend(b)
        .withHeapSize(heapSize)
        .withCache(cache)
        .withOwners(owners)
        .withXmxMb(xmxMb)
        .withMemoryMaxCount(memoryMaxCount)
        .withGateway(gateway);
  }

  private void checkIndex(String option, int i) {
    if (i < 0 || i >= nodes) {
      throw new IllegalArgumentException(
          option
              + " "
              + i
              + ": the cluster has nodes 0.."
              + (nodes - 1)
              + " (--nodes "
              + nodes
              + ")");
    }
  }

  private void checkPorts(String option, int first) {
    if (first < 1024 || first + nodes - 1 > 65535) {
      throw new IllegalArgumentException(
          option + " " + first + " leaves no room for " + nodes + " nodes within 1024..65535");
    }
  }

  /** Set when the shutdown hook starts stopping the nodes: their exits are then expected. */
  private static volatile boolean stopping;

  /**
   * Lays out the nodes in {@code only} (every node when empty), starts them, waits for SIGTERM; the
   * exit status. A node that runs already is refused before any JVM starts.
   */
  static int serve(ClusterSpec spec, List<Integer> only) throws Exception {
    List<Integer> which =
        only.isEmpty() ? spec.nodes().stream().map(NodeSpec::index).toList() : only;
    for (int i : which) {
      NodeSpec n = spec.nodes().get(i);
      if (NodeProcess.locked(n.root(spec.dir()))) {
        System.err.println(
            "server: "
                + n.name()
                + " is running already: nothing started (bin/jnvm server --dir "
                + spec.dir()
                + " --status)");
        return 1;
      }
    }
    EphemeralPorts.warning(spec).ifPresent(w -> System.err.println("server: " + w));
    ServerCluster cluster =
        ServerCluster.layOut(spec, ServerArtifacts.fromSystemProperties(), which);
    List<ServerNode> mine = which.stream().map(cluster::node).toList();
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stopping = true;
                  try {
                    say("stopping " + mine.size() + " node(s)");
                    cluster.close();
                    say("stopped");
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }));
    try {
      for (ServerNode n : cluster.inStartOrder(mine)) {
        say("starting " + n.spec().name() + " (log " + n.serverLog() + ")");
        n.start(ServerCluster.START_TIMEOUT_MS);
      }
    } catch (ServerStartException e) {
      System.err.println("server: " + e.getMessage());
      return 1;
    }
    for (ServerNode n : mine) {
      say(
          n.spec().name()
              + ": Hot Rod 127.0.0.1:"
              + n.spec().hotrodPort()
              + ", pid "
              + n.pid()
              + (spec.backend().jnvm() ? ", heap " + n.heap() : ", " + spec.backend().cliName()));
    }
    say(
        "ready: cache '"
            + spec.cache()
            + "' on "
            + spec.hotrodServers()
            + " (SIGTERM or Ctrl-C stops every node)");
    watch(mine);
    return 0;
  }

  /** Until SIGTERM: says so once when a node's JVM exits behind the launcher's back. */
  private static void watch(List<ServerNode> nodes) throws InterruptedException {
    boolean[] reported = new boolean[nodes.size()];
    while (true) {
      for (int i = 0; i < reported.length; i++) {
        ServerNode n = nodes.get(i);
        if (!stopping && !reported[i] && !n.running()) {
          reported[i] = true;
          say(n.spec().name() + " exited: see " + n.serverLog());
        }
      }
      Thread.sleep(1000);
    }
  }

  private static void say(String s) {
    System.out.println("[server] " + s);
    System.out.flush();
  }
}
