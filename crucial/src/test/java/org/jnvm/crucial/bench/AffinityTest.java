package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Pinning a child process to one CPU and back, and a clear error for a process that is gone. */
class AffinityTest {
  @Test
  void aChildIsPinnedToOneCpuAndRestored() throws Exception {
    assumeTrue(Affinity.available(), "no taskset here");
    String mine = Affinity.of(ProcessHandle.current().pid());
    Process sleep = new ProcessBuilder("sleep", "30").start();
    try {
      assertEquals(mine, Affinity.of(sleep.pid()), "a child inherits its parent's CPUs");
      Affinity.set(List.of(sleep.pid()), "0");
      assertEquals("0", Affinity.of(sleep.pid()));
      Affinity.set(List.of(sleep.pid()), mine);
      assertEquals(mine, Affinity.of(sleep.pid()));
    } finally {
      sleep.destroyForcibly();
      sleep.waitFor(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void aProcessThatIsGoneIsAnErrorNamingIt() throws Exception {
    assumeTrue(Affinity.available(), "no taskset here");
    Process p = new ProcessBuilder("true").start();
    p.waitFor(10, TimeUnit.SECONDS);
    IOException e = assertThrows(IOException.class, () -> Affinity.set(List.of(p.pid()), "0"));
    assertTrue(e.getMessage().contains(Long.toString(p.pid())), e.getMessage());
  }
}
