package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The probe reads a process's CPU time from /proc, and it grows while the process computes. */
class NodeCpuProbeTest {
  @Test
  void cpuTicksGrowWithWork() throws Exception {
    assumeTrue(Files.exists(Path.of("/proc/self/stat")), "no /proc: not Linux");
    long pid = ProcessHandle.current().pid();
    long before = NodeCpuProbe.cpuTicks(pid);
    long end = System.nanoTime() + 300_000_000L;
    long x = 1;
    while (System.nanoTime() < end) {
      x = Multiply.apply(x, 1000);
    }
    long after = NodeCpuProbe.cpuTicks(pid);
    assertTrue(x > 0);
    assertTrue(
        after - before >= 10, "0.3 s of computing is at least 10 ticks: " + (after - before));
  }
}
