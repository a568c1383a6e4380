package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * CPU time from /proc: a process's grows while it computes; a JVM's compiler threads have used
 * some, never more than the whole process; a process that is not a JVM has none.
 */
class ProcCpuTest {
  private final long self = ProcessHandle.current().pid();

  @BeforeEach
  void linuxOnly() {
    assumeTrue(Files.exists(Path.of("/proc/self/stat")), "no /proc: not Linux");
  }

  @Test
  void ticksGrowWithWork() throws Exception {
    long before = ProcCpu.ticks(self);
    long end = System.nanoTime() + 300_000_000L;
    long x = 1;
    while (System.nanoTime() < end) {
      x = Multiply.apply(x, 1000);
    }
    long after = ProcCpu.ticks(self);
    assertTrue(x > 0);
    assertTrue(
        after - before >= 10, "0.3 s of computing is at least 10 ticks: " + (after - before));
  }

  @Test
  void thisJvmsCompilersHaveWorkedAndAreAPartOfItsTime() throws Exception {
    long compilers = ProcCpu.compilerTicks(self);
    assertTrue(compilers > 0, "the test JVM compiled its way here: " + compilers);
    assertTrue(compilers <= ProcCpu.ticks(self), compilers + " <= " + ProcCpu.ticks(self));
  }

  @Test
  void aProcessThatIsNotAJvmHasNoCompilerTime() throws Exception {
    Process sleep = new ProcessBuilder("sleep", "30").start();
    try {
      assertEquals(0, ProcCpu.compilerTicks(sleep.pid()));
    } finally {
      sleep.destroyForcibly();
      sleep.waitFor(10, TimeUnit.SECONDS);
    }
  }
}
