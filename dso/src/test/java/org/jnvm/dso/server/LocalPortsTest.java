package org.jnvm.dso.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.ServerSocket;
import org.junit.jupiter.api.Test;

/**
 * Ports for nodes come from below the kernel's ephemeral range, where no outgoing connection can
 * take them before the node binds, and are free when handed out.
 */
class LocalPortsTest {
  @Test
  void portsComeFromBelowTheEphemeralRangeAndAreFree() throws Exception {
    int low = LocalPorts.ephemeralRange()[0];
    assumeTrue(low - LocalPorts.LOW >= 1000, "no room below the ephemeral range here: " + low);
    for (int i = 0; i < 20; i++) {
      int p = LocalPorts.free();
      assertTrue(
          p >= LocalPorts.LOW && p < low, p + " outside [" + LocalPorts.LOW + ", " + low + ")");
      new ServerSocket(p).close();
      int q = LocalPorts.freePair();
      assertTrue(q >= LocalPorts.LOW && q + 1 < low, q + " + 1 below " + low);
      new ServerSocket(q).close();
      new ServerSocket(q + 1).close();
    }
  }

  @Test
  void theRangeIsReadAsTheKernelWritesIt() {
    assertArrayEquals(new int[] {32768, 60999}, LocalPorts.parseRange("32768\t60999\n"));
    assertArrayEquals(new int[] {1024, 65535}, LocalPorts.parseRange(" 1024   65535"));
    assertThrows(IllegalArgumentException.class, () -> LocalPorts.parseRange("32768"));
  }
}
