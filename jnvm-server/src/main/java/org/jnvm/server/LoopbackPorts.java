package org.jnvm.server;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.concurrent.ThreadLocalRandom;

/** Free loopback ports for clusters that must not collide with others on the machine. */
public final class LoopbackPorts {
  private LoopbackPorts() {}

  /**
   * The first of {@code n} consecutive loopback ports that are free now, within 20000-32000: below
   * Linux's default ephemeral range (32768-60999), where a client's own outgoing socket could take
   * a stopped node's port.
   */
  public static int freeRange(int n) throws IOException {
    for (int attempt = 0; attempt < 200; attempt++) {
      int base = ThreadLocalRandom.current().nextInt(20_000, 32_000);
      if (allFree(base, n)) return base;
    }
    throw new IOException("no " + n + " consecutive free loopback ports found in 200 attempts");
  }

  /** Hot Rod and JGroups ranges of {@code n} ports each, free and apart. */
  public static int[] twoRanges(int n) throws IOException {
    int a = freeRange(n);
    int b = freeRange(n);
    while (Math.abs(a - b) < n) b = freeRange(n);
    return new int[] {a, b};
  }

  private static boolean allFree(int base, int n) {
    for (int p = base; p < base + n; p++) {
      try (ServerSocket s = new ServerSocket(p, 1, InetAddress.getLoopbackAddress())) {
        s.setReuseAddress(true);
      } catch (IOException e) {
        return false;
      }
    }
    return true;
  }
}
