package org.jnvm.ycsb.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.ycsb.Dirs;

/**
 * The child JVMs of the benchmark commands: their command line (this JVM's module flags, a heap
 * size, extra flags) and a supervised run that feeds their progress lines to the console, their
 * other output to a log, kills a child that stalls, and deletes its files afterwards.
 */
final class Children {
  /** Environment variable of extra flags for every child JVM (profiling). */
  static final String CHILD_OPTS = "JNVM_BENCH_CHILD_OPTS";

  /** A child that prints nothing for this long is stuck (a deadlock, a hung store): killed. */
  private static final long STALL_NANOS = TimeUnit.SECONDS.toNanos(180);

  /**
   * A child's initial heap: committed and touched when the JVM starts, before any workload. At the
   * quick size no child's heap outgrows it (volatile Infinispan's reached 2.2 GiB of RSS with
   * expansions pre-touched in pauses of at most 71 ms; the J-NVM rows' stayed within it).
   */
  static final long INITIAL_HEAP_MB = 1024;

  private Children() {}

  /**
   * The heap flags of every comparison child: an initial heap of {@link #INITIAL_HEAP_MB} (at most
   * its {@code -Xmx}) touched as the JVM commits it ({@code AlwaysPreTouch}), and kept once
   * committed ({@code MaxHeapFreeRatio=100}: the live-heap measurement's full GC does not shrink
   * the heap that the next workload would regrow). So no measured workload touches heap memory for
   * the first time: a first touch costs a page fault and a page clear, and far more on a VM whose
   * host backs guest memory at first touch. Expansions beyond the initial heap are touched in GC
   * pauses, which the report counts. Without them, D at the quick size faulted on the reads'
   * allocations while G1 grew into fresh pages (ycsb-runner/README.md, "Pre-touched heaps").
   */
  static List<String> heapFlags(long heapMb) {
    return List.of(
        "-Xms" + Math.min(heapMb, INITIAL_HEAP_MB) + "m",
        "-XX:+AlwaysPreTouch",
        "-XX:MaxHeapFreeRatio=100");
  }

  /**
   * {@code java} with this JVM's module flags, {@code -Xmx}, {@code jvmFlags}, then {@link
   * #CHILD_OPTS}, this class path, {@code main} and its one argument.
   */
  static List<String> command(long heapMb, List<String> jvmFlags, Class<?> main, Path spec) {
    return command(heapMb, jvmFlags, System.getenv(CHILD_OPTS), main, spec);
  }

  /** {@link #command} with {@code extra} in place of {@link #CHILD_OPTS}' value (null: none). */
  static List<String> command(
      long heapMb, List<String> jvmFlags, String extra, Class<?> main, Path spec) {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.startsWith("--add-") || a.startsWith("--sun-misc") || a.startsWith("--enable-native")) {
        cmd.add(a);
      }
    }
    cmd.add("-Xmx" + heapMb + "m");
    cmd.addAll(jvmFlags);
    // Extra child JVM flags, e.g. a profiler: JNVM_BENCH_CHILD_OPTS="-XX:StartFlightRecording=..."
    if (extra != null && !extra.isBlank()) cmd.addAll(List.of(extra.trim().split("\\s+")));
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(main.getName());
    cmd.add(spec.toString());
    return cmd;
  }

  /**
   * Runs {@code cmd}, its progress on {@code progress}, everything else into {@code log}; deletes
   * {@code dir} afterwards whatever happened. Null if it completed, else why not.
   */
  static String run(List<String> cmd, Path log, Progress progress, Path dir)
      throws IOException, InterruptedException {
    Process p = start(cmd, log, Map.of());
    AtomicLong lastLine = new AtomicLong(System.nanoTime());
    Thread reader = new Thread(() -> follow(p, log, progress, lastLine), "bench-child-output");
    reader.start();
    boolean stalled = false;
    try {
      while (!p.waitFor(1, TimeUnit.SECONDS)) {
        if (System.nanoTime() - lastLine.get() > STALL_NANOS) {
          stalled = true;
          p.destroyForcibly().waitFor();
        }
      }
      reader.join();
    } finally {
      p.destroyForcibly();
      Dirs.deleteTree(dir);
    }
    progress.finish(p.exitValue());
    if (stalled)
      return "no output for "
          + STALL_NANOS / 1_000_000_000
          + " s: killed (log: "
          + log.getFileName()
          + ")";
    return p.exitValue() == 0 ? null : failure(log, p.exitValue());
  }

  /**
   * Starts {@code cmd} with {@code env} added to this environment (and libpmemobj told that
   * /dev/shm is persistent memory), its standard error into {@code log} (emptied first); the caller
   * reads its standard output.
   */
  static Process start(List<String> cmd, Path log, Map<String, String> env) throws IOException {
    ProcessBuilder pb = new ProcessBuilder(cmd);
    pb.environment().put("PMEM_IS_PMEM_FORCE", "1");
    pb.environment().putAll(env);
    // Appending, as the output follower does: a plain redirect writes at its own offset and
    // overwrote the stdout lines appended between the child's stderr writes.
    Files.write(log, new byte[0]);
    pb.redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()));
    return pb.start();
  }

  /** Feeds the child's stdout to the progress line, and everything else to its log. */
  private static void follow(Process p, Path log, Progress progress, AtomicLong lastLine) {
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        lastLine.set(System.nanoTime());
        if (!progress.accept(line)) {
          Files.writeString(log, line + "\n", StandardOpenOption.APPEND);
        }
      }
    } catch (IOException e) {
      progress.note("lost the child's output: " + e);
    }
  }

  /** The first line of the child's log that says what went wrong. */
  static String failure(Path log, int rc) throws IOException {
    for (String line : Files.readAllLines(log)) {
      if (line.contains("Exception") || line.contains("Error")) {
        return "exit " + rc + ": " + line.trim() + " (log: " + log.getFileName() + ")";
      }
    }
    return "exit " + rc + " (log: " + log.getFileName() + ")";
  }

  /** The machine's memory in MiB (unbounded if the JVM cannot tell). */
  static long physicalMb() {
    java.lang.management.OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
      return sun.getTotalMemorySize() >> 20;
    }
    return Long.MAX_VALUE >> 20;
  }
}
