package org.jnvm.crucial.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * CPU time of processes and of their JIT compiler threads, from Linux's {@code /proc} (user +
 * system time, fields 14 and 15 of a {@code stat} file, in clock ticks). Other processes' load
 * inflates it far less than wall time. Linux only.
 *
 * <pre>
 * /proc/PID/stat:  pid (comm) state ppid ... utime stime cutime ...
 *                  1   2      3     4        14    15    16         (fields, 1-based)
 * comm may hold spaces and parentheses: fields are counted after its last ')'.
 * </pre>
 */
final class ProcCpu {
  /** Clock ticks per second (USER_HZ, {@code getconf CLK_TCK}): the unit of utime and stime. */
  static final long TICKS_PER_SECOND = ticksPerSecond();

  static final double MICROS_PER_TICK = 1e6 / TICKS_PER_SECOND;

  /** utime and stime fields after the command name's ')': fields 14 and 15 less 3. */
  private static final int UTIME = 11;

  private static final int STIME = 12;

  /** User and kernel (system) time in clock ticks. */
  record Times(long user, long system) {
    static final Times ZERO = new Times(0, 0);

    Times plus(Times o) {
      return new Times(user + o.user, system + o.system);
    }

    /** This later reading less an earlier one. */
    Times since(Times earlier) {
      return new Times(user - earlier.user, system - earlier.system);
    }

    long total() {
      return user + system;
    }
  }

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

  /** utime and stime of a process, all threads. */
  static Times times(long pid) throws IOException {
    return parseStat(Files.readString(Path.of("/proc", Long.toString(pid), "stat")));
  }

  /**
   * Read and write system calls of a process so far ({@code syscr}, {@code syscw} in {@code
   * /proc/PID/io}: read(2), write(2) and their vector and positional forms, which carry Java's
   * socket I/O).
   */
  record Syscalls(long reads, long writes) {
    Syscalls since(Syscalls earlier) {
      return new Syscalls(reads - earlier.reads, writes - earlier.writes);
    }

    Syscalls plus(Syscalls o) {
      return new Syscalls(reads + o.reads, writes + o.writes);
    }
  }

  /** The summed read and write system calls of processes. */
  static Syscalls syscalls(List<Long> pids) throws IOException {
    Syscalls s = new Syscalls(0, 0);
    for (long pid : pids) {
      s = s.plus(parseIo(Files.readString(Path.of("/proc", Long.toString(pid), "io"))));
    }
    return s;
  }

  /** syscr and syscw of a /proc/PID/io text ("name: value" lines). */
  static Syscalls parseIo(String text) {
    long r = -1;
    long w = -1;
    for (String line : text.split("\n")) {
      String[] f = line.split(":\\s*");
      if (f.length != 2) continue;
      if (f[0].equals("syscr")) r = Long.parseLong(f[1].strip());
      if (f[0].equals("syscw")) w = Long.parseLong(f[1].strip());
    }
    if (r < 0 || w < 0) {
      throw new IllegalArgumentException("no syscr or syscw in /proc io text: '" + text + "'");
    }
    return new Syscalls(r, w);
  }

  /** utime and stime of each process, in order. */
  static List<Times> each(List<Long> pids) throws IOException {
    List<Times> t = new ArrayList<>();
    for (long pid : pids) t.add(times(pid));
    return t;
  }

  /** Each later reading less the earlier one of the same process. */
  static List<Times> since(List<Times> later, List<Times> earlier) {
    List<Times> d = new ArrayList<>();
    for (int i = 0; i < later.size(); i++) d.add(later.get(i).since(earlier.get(i)));
    return d;
  }

  /** The summed utime and stime of processes. */
  static Times times(Iterable<Long> pids) throws IOException {
    Times t = Times.ZERO;
    for (long pid : pids) t = t.plus(times(pid));
    return t;
  }

  private static long statTicks(Path stat) throws IOException {
    return parseStat(Files.readString(stat)).total();
  }

  /** utime and stime of one line of a stat file. */
  static Times parseStat(String line) {
    int close = line.lastIndexOf(')');
    String[] f = close < 0 ? new String[0] : line.substring(close + 1).strip().split(" ");
    if (f.length <= STIME) {
      throw new IllegalArgumentException(
          "not a /proc stat line (" + f.length + " fields after the command): '" + line + "'");
    }
    try {
      return new Times(Long.parseLong(f[UTIME]), Long.parseLong(f[STIME]));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "utime '" + f[UTIME] + "' or stime '" + f[STIME] + "' is not a number in '" + line + "'",
          e);
    }
  }

  /** {@code getconf CLK_TCK}'s answer; Linux's USER_HZ is 100 where getconf cannot run. */
  private static long ticksPerSecond() {
    try {
      Process p = new ProcessBuilder("getconf", "CLK_TCK").redirectErrorStream(true).start();
      String out = new String(p.getInputStream().readAllBytes());
      p.waitFor();
      return parseClockTicks(out);
    } catch (IOException | IllegalArgumentException e) {
      return 100;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return 100;
    }
  }

  /** The positive integer getconf printed. */
  static long parseClockTicks(String getconf) {
    try {
      long hz = Long.parseLong(getconf.strip());
      if (hz > 0) return hz;
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("getconf CLK_TCK printed '" + getconf.strip() + "'");
  }
}
