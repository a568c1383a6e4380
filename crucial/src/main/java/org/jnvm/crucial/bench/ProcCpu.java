package org.jnvm.crucial.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * CPU time of processes and of their JIT compiler threads, from Linux's {@code /proc} (user +
 * system time, fields 14 and 15 of a {@code stat} file, in clock ticks). Other processes' load
 * inflates it far less than wall time. Linux only.
 */
final class ProcCpu {
  /** Linux's USER_HZ: the unit of utime and stime in /proc/PID/stat. */
  static final double MICROS_PER_TICK = 10_000;

  /** HotSpot's compiler threads are named "C1 CompilerThread0", "C2 CompilerThread1", ... */
  private static final String C1 = "C1 Compiler";

  private static final String C2 = "C2 Compiler";

  private ProcCpu() {}

  /** utime + stime of a process, all threads. */
  static long ticks(long pid) throws IOException {
    return statTicks(Path.of("/proc", Long.toString(pid), "stat"));
  }

  /**
   * utime + stime of a JVM's JIT compiler threads, or 0 for a process that has none (a
   * redis-server). A thread that ends between listing and reading is skipped.
   */
  static long compilerTicks(long pid) throws IOException {
    long t = 0;
    try (Stream<Path> tasks = Files.list(Path.of("/proc", Long.toString(pid), "task"))) {
      for (Path task : (Iterable<Path>) tasks::iterator) {
        try {
          String comm = Files.readString(task.resolve("comm")).strip();
          if (comm.startsWith(C1) || comm.startsWith(C2)) t += statTicks(task.resolve("stat"));
        } catch (NoSuchFileException gone) {
          // the thread ended: its time is no longer counted anywhere
        }
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return t;
  }

  private static long statTicks(Path stat) throws IOException {
    String s = Files.readString(stat);
    // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
    String[] f = s.substring(s.lastIndexOf(')') + 2).split(" ");
    return Long.parseLong(f[11]) + Long.parseLong(f[12]);
  }
}
