package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
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
  void statFieldsAreCountedAfterTheLastParenthesisOfTheCommand() {
    String line =
        "4242 (C2 Compiler) x) (y) S 1 4242 4242 0 -1 4194560 1234 0 0 0 731 58 0 0 20 0 31 0"
            + " 99 123456 789 18446744073709551615 1 1 0 0 0 0 0 4096 0 0 0 17 1 0 0 0 0 0\n";
    assertEquals(new ProcCpu.Times(731, 58), ProcCpu.parseStat(line));
  }

  @Test
  void aLineWithoutEnoughFieldsIsRefusedWithTheLine() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ProcCpu.parseStat("17 (x) S 1 2 3"));
    assertTrue(e.getMessage().contains("17 (x) S 1 2 3"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> ProcCpu.parseStat("no parenthesis"));
    IllegalArgumentException nan =
        assertThrows(
            IllegalArgumentException.class,
            () -> ProcCpu.parseStat("1 (x) S 1 1 1 0 -1 0 0 0 0 0 ab 5 0 0"));
    assertTrue(nan.getMessage().contains("'ab'"), nan.getMessage());
  }

  @Test
  void clockTicksAreGetconfsPositiveAnswer() {
    assertEquals(100, ProcCpu.parseClockTicks("100\n"));
    assertEquals(250, ProcCpu.parseClockTicks(" 250 "));
    assertThrows(IllegalArgumentException.class, () -> ProcCpu.parseClockTicks("0"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ProcCpu.parseClockTicks("undefined"));
    assertTrue(e.getMessage().contains("undefined"), e.getMessage());
  }

  @Test
  void ioTextGivesReadAndWriteSystemCalls() {
    String io =
        "rchar: 43839303\nwchar: 80986763\nsyscr: 123747\nsyscw: 283912\nread_bytes: 0\n"
            + "write_bytes: 114688\ncancelled_write_bytes: 0\n";
    assertEquals(new ProcCpu.Syscalls(123747, 283912), ProcCpu.parseIo(io));
    assertEquals(
        new ProcCpu.Syscalls(7, 12),
        new ProcCpu.Syscalls(10, 20).since(new ProcCpu.Syscalls(3, 8)));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> ProcCpu.parseIo("rchar: 5\n"));
    assertTrue(e.getMessage().contains("rchar: 5"), e.getMessage());
  }

  @Test
  void thisJvmsSystemCallsGrowWhenItWritesAFile() throws Exception {
    ProcCpu.Syscalls before = ProcCpu.syscalls(java.util.List.of(self));
    Path f = Files.createTempFile("proc-cpu-test", ".txt");
    try {
      for (int i = 0; i < 20; i++) Files.writeString(f, "x" + i);
    } finally {
      Files.delete(f);
    }
    ProcCpu.Syscalls d = ProcCpu.syscalls(java.util.List.of(self)).since(before);
    assertTrue(d.writes() >= 20, "20 file writes, at least 20 write calls: " + d);
  }

  @Test
  void timesAddAndSubtractFieldByField() {
    ProcCpu.Times a = new ProcCpu.Times(10, 3);
    ProcCpu.Times b = new ProcCpu.Times(25, 9);
    assertEquals(new ProcCpu.Times(35, 12), a.plus(b));
    assertEquals(new ProcCpu.Times(15, 6), b.since(a));
    assertEquals(21, b.since(a).total());
  }

  @Test
  void theTimesOfSeveralProcessesAreTheirSum() throws Exception {
    long parent = ProcessHandle.current().parent().orElseThrow().pid();
    // mine first: this JVM's times only grow, so a sum read after them is at least them (read
    // before, it could be a tick short of a later read of this JVM alone)
    ProcCpu.Times mine = ProcCpu.times(self);
    ProcCpu.Times both = ProcCpu.times(java.util.List.of(self, parent));
    assertTrue(both.user() >= mine.user() && both.system() >= mine.system(), both + " " + mine);
    assertTrue(mine.user() > 0, "the test JVM has run in user mode: " + mine);
  }

  @Test
  void ticksGrowWithWork() throws Exception {
    long before = ProcCpu.ticks(self);
    // 0.3 s of this thread's own CPU time, not of wall time: on a loaded machine 0.3 s of wall
    // time may hold much less computing.
    java.lang.management.ThreadMXBean threads =
        java.lang.management.ManagementFactory.getThreadMXBean();
    long end = threads.getCurrentThreadCpuTime() + 300_000_000L;
    long x = 1;
    while (threads.getCurrentThreadCpuTime() < end) {
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
