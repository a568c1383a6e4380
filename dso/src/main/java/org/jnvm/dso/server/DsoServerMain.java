package org.jnvm.dso.server;

import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.jnvm.core.pmem.Pmem;

/**
 * {@code bin/jnvm dso-server}: starts one node and runs until SIGTERM (a clean stop) or SIGKILL.
 * Prints {@code DSO-READY host:port} on stdout once it serves clients.
 */
public final class DsoServerMain {
  private static final String USAGE =
      String.join(
          "\n",
          "usage: bin/jnvm dso-server [OPTIONS]",
          "  --name NAME          node name, stable across restarts (default node-PORT)",
          "  --bind ADDR          address to listen on (default 127.0.0.1: loopback only)",
          "  --port N             client protocol port (default 7400; 0: any)",
          "  --cluster-port N     JGroups TCP port (default 7800; N+1 is used too)",
          "  --peers H[P],H[P]    cluster members for discovery (default: this node only)",
          "  --jgroups FILE       a JGroups stack instead of the built-in TCP/TCPPING one",
          "  --cluster NAME       cluster name (default jnvm-dso)",
          "  --dir DIR            node directory for the persistent objects' store",
          "                       (default /dev/shm/jnvm-dso-NAME)",
          "  --store-size SIZE    size of the store's heap (DIR/objects.heap) when created:",
          "                       bytes or 64m, 1g... (default 256m; a maximum, reserved as used)",
          "  --replicas N         owners of each persistent object, rf (default 2)",
          "  --expect N           members to wait for before serving (default 1)",
          "  --types C1,C2        user shared object / value classes to allow (on the class path)",
          "  --start-timeout S    seconds to wait for the cluster at start (default 120)",
          "  --token-file FILE    clients must present the secret this file holds",
          "  --drop-replies N     fault injection: drop the first reply of every N-th call");

  private DsoServerMain() {}

  public static void main(String[] args) {
    Map<String, String> o;
    try {
      o = parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("dso-server: " + e.getMessage());
      System.err.println(USAGE);
      System.exit(64);
      return;
    }
    if (o.containsKey("help")) {
      System.out.println(USAGE);
      return;
    }
    QuietLogs.apply();
    NodeConfig c = config(o);
    DsoNode node = DsoNode.start(c, Long.parseLong(o.getOrDefault("start-timeout", "120")) * 1000);
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

  static NodeConfig config(Map<String, String> o) {
    int port = Integer.parseInt(o.getOrDefault("port", "7400"));
    int clusterPort = Integer.parseInt(o.getOrDefault("cluster-port", "7800"));
    String bind = o.getOrDefault("bind", "127.0.0.1");
    String name = o.getOrDefault("name", "node-" + port);
    List<String> peers = list(o.getOrDefault("peers", bind + "[" + clusterPort + "]"));
    return new NodeConfig(
        name,
        bind,
        port,
        clusterPort,
        peers,
        o.containsKey("jgroups") ? Path.of(o.get("jgroups")) : null,
        o.getOrDefault("cluster", "jnvm-dso"),
        Path.of(o.getOrDefault("dir", "/dev/shm/jnvm-dso-" + name)),
        Integer.parseInt(o.getOrDefault("replicas", "2")),
        Integer.parseInt(o.getOrDefault("expect", "1")),
        Integer.parseInt(o.getOrDefault("drop-replies", "0")),
        list(o.getOrDefault("types", "")),
        o.containsKey("token-file") ? readToken(Path.of(o.get("token-file"))) : "",
        o.containsKey("store-size") ? size(o.get("store-size")) : PersistentStore.DEFAULT_SIZE);
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
      throw new IllegalArgumentException(
          "--store-size must be a positive size such as 268435456, 256m or 1g: '" + s + "'");
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

  private static List<String> list(String csv) {
    return Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
  }

  static Map<String, String> parse(String[] args) {
    Map<String, String> o = new HashMap<>();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("--help") || a.equals("-h")) {
        o.put("help", "");
        continue;
      }
      if (!a.startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException(
            "bad argument '" + a + "' (options are --name VALUE ...)");
      }
      o.put(a.substring(2), args[++i]);
    }
    return o;
  }
}
