package org.jnvm.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The kernel's ephemeral port range ({@code /proc/sys/net/ipv4/ip_local_port_range} on Linux): a
 * server port inside it can be taken by any outgoing connection's local port, a Hot Rod client's
 * own retries included (a socket that connects to itself while the node is down).
 */
final class EphemeralPorts {
  static final Path RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");

  private EphemeralPorts() {}

  /** The range {@code [low, high]}, or empty where the kernel does not say. */
  static Optional<int[]> range(Path file) {
    try {
      String[] f = Files.readString(file).trim().split("\\s+");
      return Optional.of(new int[] {Integer.parseInt(f[0]), Integer.parseInt(f[1])});
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** The ports of {@code spec}'s nodes that fall inside {@code range}. */
  static List<Integer> inside(ClusterSpec spec, int[] range) {
    List<Integer> in = new ArrayList<>();
    for (NodeSpec n : spec.nodes()) {
      for (int p : new int[] {n.hotrodPort(), n.jgroupsPort()}) {
        if (p >= range[0] && p <= range[1]) in.add(p);
      }
    }
    return in;
  }

  /** A one-line warning for {@code spec}'s ports in this machine's ephemeral range, or empty. */
  static Optional<String> warning(ClusterSpec spec) {
    return range(RANGE)
        .flatMap(
            r -> {
              List<Integer> in = inside(spec, r);
              if (in.isEmpty()) return Optional.empty();
              return Optional.of(
                  "warning: ports "
                      + in
                      + " are in the kernel's ephemeral range "
                      + r[0]
                      + "-"
                      + r[1]
                      + " ("
                      + RANGE
                      + "): an outgoing connection, a client's own retry included, can take"
                      + " one while its node is down; pick --port and --jgroups-port below "
                      + r[0]);
            });
  }
}
