package org.jnvm.dso.server;

import java.nio.file.Path;
import java.util.List;
import org.jnvm.core.pmem.Pmem;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code bin/jnvm dso-server}: starts one node and runs until SIGTERM (a clean stop) or SIGKILL.
 * Prints {@code DSO-READY host:port} on stdout once it serves clients.
 */
@Command(name = "bin/jnvm dso-server", sortOptions = false, usageHelpWidth = 100)
public final class DsoServerMain {
  @Option(
      names = "--name",
      paramLabel = "NAME",
      description = "node name, stable across restarts (default node-PORT)")
  String name;

  @Option(
      names = "--bind",
      paramLabel = "ADDR",
      description = "address to listen on (default 127.0.0.1: loopback only)")
  String bind = "127.0.0.1";

  @Option(
      names = "--port",
      paramLabel = "N",
      description = "client protocol port (default 7400; 0: any)")
  int port = 7400;

  @Option(
      names = "--cluster-port",
      paramLabel = "N",
      description = "JGroups TCP port (default 7800; N+1 is used too)")
  int clusterPort = 7800;

  @Option(
      names = "--peers",
      paramLabel = "H[P],H[P]",
      split = ",",
      description = "cluster members for discovery (default: this node only)")
  List<String> peers;

  @Option(
      names = "--jgroups",
      paramLabel = "FILE",
      description = "a JGroups stack instead of the built-in TCP/TCPPING one")
  Path jgroups;

  @Option(names = "--cluster", paramLabel = "NAME", description = "cluster name (default jnvm-dso)")
  String cluster = "jnvm-dso";

  @Option(
      names = "--dir",
      paramLabel = "DIR",
      description =
          "node directory for the persistent objects' store (default /dev/shm/jnvm-dso-NAME)")
  Path dir;

  @Option(
      names = "--store-size",
      paramLabel = "SIZE",
      converter = Size.class,
      description =
          "size of the store's heap (DIR/objects.heap) when created: bytes or 64m, 1g... (default 256m; a maximum, reserved as used)")
  long storeSize = PersistentStore.DEFAULT_SIZE;

  @Option(
      names = "--replicas",
      paramLabel = "N",
      description = "owners of each persistent object, rf (default 2)")
  int replicas = 2;

  @Option(
      names = "--expect",
      paramLabel = "N",
      description = "members to wait for before serving (default 1)")
  int expect = 1;

  @Option(
      names = "--types",
      paramLabel = "C1,C2",
      split = ",",
      description = "user shared object / value classes to allow (on the class path)")
  List<String> types = List.of();

  @Option(
      names = "--start-timeout",
      paramLabel = "S",
      description = "seconds to wait for the cluster at start (default 120)")
  long startTimeoutSeconds = 120;

  @Option(
      names = "--token-file",
      paramLabel = "FILE",
      description = "clients must present the secret this file holds")
  Path tokenFile;

  @Option(
      names = "--drop-replies",
      paramLabel = "N",
      description = "fault injection: drop the first reply of every N-th call")
  int dropReplies;

  @Option(
      names = {"-h", "--help"},
      usageHelp = true,
      description = "this text")
  boolean help;

  DsoServerMain() {}

  public static void main(String[] args) {
    DsoServerMain o = new DsoServerMain();
    CommandLine cl = new CommandLine(o);
    try {
      cl.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      System.err.println("dso-server: " + e.getMessage());
      System.err.println(cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
      System.exit(64);
      return;
    }
    if (o.help) {
      System.out.println(cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
      return;
    }
    QuietLogs.apply();
    NodeConfig c = o.config();
    DsoNode node = DsoNode.start(c, o.startTimeoutSeconds * 1000);
    Runtime.getRuntime().addShutdownHook(new Thread(node::close, "dso-shutdown"));
    System.out.println(
        "[dso] node "
            + c.name()
            + " ready: clients on "
            + node.endpoint()
            + ", cluster port "
            + c.clusterPort()
            + ", store "
            + PersistentStore.heapFile(c.dir())
            + " (gateway "
            + Pmem.backendName()
            + ")"
            + ", recovery read "
            + node.ownRead()
            + " persistent objects from it, "
            + node.recovered()
            + " newer than the cluster's");
    System.out.println("DSO-READY " + node.endpoint());
    System.out.flush();
  }

  NodeConfig config() {
    String n = name != null ? name : "node-" + port;
    return new NodeConfig(
        n,
        bind,
        port,
        clusterPort,
        peers != null ? trimmed(peers) : List.of(bind + "[" + clusterPort + "]"),
        jgroups,
        cluster,
        dir != null ? dir : Path.of("/dev/shm/jnvm-dso-" + n),
        replicas,
        expect,
        dropReplies,
        trimmed(types),
        tokenFile != null ? readToken(tokenFile) : "",
        storeSize);
  }

  /** Bytes, or a count with a k, m or g suffix (powers of 1024). */
  static long size(String s) {
    String t = s.trim().toLowerCase(java.util.Locale.ROOT);
    int shift = t.endsWith("k") ? 10 : t.endsWith("m") ? 20 : t.endsWith("g") ? 30 : 0;
    String digits = shift == 0 ? t : t.substring(0, t.length() - 1);
    try {
      long n = Long.parseLong(digits);
      if (n <= 0 || n > (Long.MAX_VALUE >> shift)) {
        throw new NumberFormatException();
      }
      return n << shift;
    } catch (NumberFormatException e) {
      throw new CommandLine.TypeConversionException(
          "a positive size such as 268435456, 256m or 1g is needed, not '" + s + "'");
    }
  }

  static final class Size implements CommandLine.ITypeConverter<Long> {
    @Override
    public Long convert(String s) {
      return size(s);
    }
  }

  private static String readToken(Path file) {
    try {
      return java.nio.file.Files.readString(file).trim();
    } catch (java.io.IOException e) {
      throw new IllegalArgumentException(
          "cannot read the token file " + file + ": " + e.getMessage(), e);
    }
  }

  private static List<String> trimmed(List<String> l) {
    return l.stream().map(String::trim).filter(s -> !s.isEmpty()).toList();
  }
}
