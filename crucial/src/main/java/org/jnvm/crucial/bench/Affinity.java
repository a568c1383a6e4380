package org.jnvm.crucial.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Which CPUs processes may run on, through util-linux's {@code taskset}: every thread of each
 * process ({@code -a}); threads a process starts later inherit their creator's set. Linux only.
 *
 * <p>The latency rows use it to measure every process of a row on one vCPU: on the 2-vCPU VM this
 * runs on, a wake-up that crosses vCPUs costs 30-50 us and made the unpinned rows bimodal from run
 * to run (docs/crucial.md).
 */
final class Affinity {
  private Affinity() {}

  /** Whether {@code taskset} is on the PATH and works here. */
  static boolean available() {
    try {
      return run("taskset", "-p", Long.toString(ProcessHandle.current().pid())).startsWith("pid");
    } catch (IOException e) {
      return false;
    }
  }

  /** The CPU list a process may run on, as taskset prints it ("0,1", "0-3"). */
  static String of(long pid) throws IOException {
    String out = run("taskset", "-c", "-p", Long.toString(pid)).strip();
    int colon = out.lastIndexOf(':');
    if (colon < 0) {
      throw new IOException("taskset printed no affinity list for pid " + pid + ": " + out);
    }
    return out.substring(colon + 1).strip();
  }

  /**
   * Sets every thread of every process in {@code pids} to run on {@code cpus} only. A process that
   * is gone is an error: {@code taskset -a} would list its threads, find none and succeed.
   */
  static void set(List<Long> pids, String cpus) throws IOException {
    for (long pid : pids) {
      if (!ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
        throw new IOException(
            "cannot set the CPUs of pid " + pid + " to " + cpus + ": no such process");
      }
      run("taskset", "-a", "-c", "-p", cpus, Long.toString(pid));
    }
  }

  /** Runs a command; its output, or an IOException naming the command, its exit and output. */
  private static String run(String... cmd) throws IOException {
    Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    try {
      if (!p.waitFor(10, TimeUnit.SECONDS) || p.exitValue() != 0) {
        p.destroyForcibly();
        throw new IOException(String.join(" ", cmd) + " failed: " + out.strip());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted: " + String.join(" ", cmd), e);
    }
    return out;
  }
}
