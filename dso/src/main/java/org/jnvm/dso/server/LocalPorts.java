package org.jnvm.dso.server;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free ports for nodes started on this machine (tests, benchmarks, local clusters), taken from
 * below the kernel's ephemeral range: see {@link #free}.
 */
public final class LocalPorts {
  private LocalPorts() {}

  /** Lowest port {@link #free} picks: above the registered services most machines run. */
  static final int LOW = 10_000;

  /** Linux's default ephemeral range, used where /proc does not tell. */
  private static final int[] DEFAULT_EPHEMERAL = {32_768, 60_999};

  /**
   * A port free now and outside the kernel's ephemeral range. A port from that range (a bind to
   * port 0) can be taken by any outgoing connection (a peer's JGroups link, a Redis client) in the
   * moment between this check and its node's bind, and the node then fails to start; outside the
   * range only an explicit bind can take it. Falls back to an ephemeral port where the range leaves
   * no room.
   */
  public static int free() {
    return pick(1);
  }

  /** A port p with p + 1 free too (JGroups' TCP port and its failure detector's). */
  public static int freePair() {
    return pick(2);
  }

  /** A port p with p .. p + n - 1 free, below the ephemeral range if there is room. */
  private static int pick(int n) {
    int hi = ephemeralRange()[0] - n; // highest p whose run stays below the range
    ThreadLocalRandom rnd = ThreadLocalRandom.current();
    for (int i = 0; hi - LOW >= 1000 && i < 200; i++) {
      int p = rnd.nextInt(LOW, hi + 1);
      if (bindable(p, n)) return p;
    }
    for (int i = 0; i < 100; i++) {
      int p = ephemeral();
      if (p + n - 1 <= 65_535 && bindable(p + 1, n - 1)) return p;
    }
    throw new IllegalStateException("no run of " + n + " free ports after 300 tries");
  }

  private static int ephemeral() {
    try (ServerSocket s = new ServerSocket(0)) {
      return s.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free port", e);
    }
  }

  private static boolean bindable(int first, int n) {
    for (int p = first; p < first + n; p++) {
      try (ServerSocket s = new ServerSocket(p)) {
        // bound: free
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }

  /** The kernel's ephemeral port range (net.ipv4.ip_local_port_range), low and high. */
  static int[] ephemeralRange() {
    try {
      return parseRange(Files.readString(Path.of("/proc/sys/net/ipv4/ip_local_port_range")));
    } catch (IOException | RuntimeException e) {
      return DEFAULT_EPHEMERAL.clone();
    }
  }

  /** "32768\t60999" to {32768, 60999}. */
  static int[] parseRange(String s) {
    String[] f = s.strip().split("\\s+");
    if (f.length != 2) throw new IllegalArgumentException("not a port range: '" + s + "'");
    return new int[] {Integer.parseInt(f[0]), Integer.parseInt(f[1])};
  }
}
