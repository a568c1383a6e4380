package org.jnvm.server;

import java.nio.file.Path;
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
      "Maven artifacts: the drop-in J-NVM store jar in each node's server/lib, one",
      "distributed cache (2 owners) on <jnvm-store>, a heap per node. Hot Rod clients",
      "connect to 127.0.0.1:PORT..PORT+N-1. Runs until SIGTERM or Ctrl-C, which stops",
      "every node cleanly. Started again over the same --dir (after a stop or a crash,",
      "in any order), the cluster serves its data again from the heaps.",
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
    System.exit(serve(spec));
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

  private void checkPorts(String option, int first) {
    if (first < 1024 || first + nodes - 1 > 65535) {
      throw new IllegalArgumentException(
          option + " " + first + " leaves no room for " + nodes + " nodes within 1024..65535");
    }
  }

  /** Set when the shutdown hook starts stopping the nodes: their exits are then expected. */
  private static volatile boolean stopping;

  /** Lays out, starts, waits for SIGTERM; the exit status. */
  static int serve(ClusterSpec spec) throws Exception {
    ServerCluster cluster = ServerCluster.layOut(spec, ServerArtifacts.fromSystemProperties());
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  stopping = true;
                  try {
                    say("stopping " + spec.nodes().size() + " node(s)");
                    cluster.close();
                    say("stopped");
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                }));
    try {
      for (ServerNode n : cluster.nodes()) {
        say("starting " + n.spec().name() + " (log " + n.serverLog() + ")");
        n.start(ServerCluster.START_TIMEOUT_MS);
      }
    } catch (ServerStartException e) {
      System.err.println("server: " + e.getMessage());
      return 1;
    }
    for (ServerNode n : cluster.nodes()) {
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
    watch(cluster);
    return 0;
  }

  /** Until SIGTERM: says so once when a node's JVM exits behind the launcher's back. */
  private static void watch(ServerCluster cluster) throws InterruptedException {
    boolean[] reported = new boolean[cluster.nodes().size()];
    while (true) {
      for (int i = 0; i < reported.length; i++) {
        ServerNode n = cluster.node(i);
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
