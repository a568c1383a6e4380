package org.jnvm.ycsb.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * One child JVM of {@code --restart} ({@link RestartMain}) seen from the parent: a thread reads its
 * standard output, hands acknowledgements to {@link Acks}, keeps its phases (the child's wall
 * clock) and its result line, feeds progress lines to the console and appends everything else to
 * the log.
 */
final class RestartChild implements AutoCloseable {
  private final Process process;
  private final long spawnMillis;
  private final Thread reader;
  private final Map<String, Long> phases = new ConcurrentHashMap<>();
  private final AtomicReference<Map<String, String>> result = new AtomicReference<>();
  private final AtomicLong lastLine = new AtomicLong(System.nanoTime());

  private RestartChild(Process p, long spawnMillis, Acks acks, Progress progress, Path log) {
    this.process = p;
    this.spawnMillis = spawnMillis;
    this.reader = new Thread(() -> read(acks, progress, log), "restart-child-output");
    reader.setDaemon(true);
    reader.start();
  }

  /** Starts {@code cmd}; {@code acks} receives its acknowledgements (null: it prints none). */
  static RestartChild start(
      List<String> cmd, Path log, Map<String, String> env, Acks acks, Progress progress)
      throws IOException {
    long spawn = System.currentTimeMillis();
    return new RestartChild(Children.start(cmd, log, env), spawn, acks, progress, log);
  }

  private void read(Acks acks, Progress progress, Path log) {
    try (BufferedReader r =
        new BufferedReader(
            new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        lastLine.set(System.nanoTime());
        if (acks != null && acks.accept(line)) continue;
        if (line.startsWith("PHASE ")) {
          String[] f = line.split(" ");
          phases.put(f[1], Long.parseLong(f[2]));
        } else if (line.startsWith(RestartResult.PREFIX)) {
          result.set(RestartResult.parse(line));
        } else if (!progress.accept(line)) {
          Files.writeString(log, line + "\n", StandardOpenOption.APPEND);
        }
      }
    } catch (IOException | RuntimeException e) {
      progress.note("lost the child's output: " + e);
    }
  }

  long spawnMillis() {
    return spawnMillis;
  }

  /** The child's wall clock at phase {@code name}, or null if it has not printed it. */
  Long phase(String name) {
    return phases.get(name);
  }

  Map<String, String> result() {
    return result.get();
  }

  /**
   * Waits for phase {@code name}: true once printed, false if the child exited without it or
   * printed nothing for {@code stallMillis}.
   */
  boolean await(String name, long stallMillis) throws InterruptedException {
    while (phases.get(name) == null) {
      if (!process.isAlive()) {
        reader.join(5000);
        return phases.get(name) != null;
      }
      if (System.nanoTime() - lastLine.get() > TimeUnit.MILLISECONDS.toNanos(stallMillis)) {
        return false;
      }
      Thread.sleep(5);
    }
    return true;
  }

  /**
   * Waits for the exit: its code, or -1 if the child printed nothing for {@code stallMillis} (then
   * killed).
   */
  int awaitExit(long stallMillis) throws InterruptedException {
    while (!process.waitFor(100, TimeUnit.MILLISECONDS)) {
      if (System.nanoTime() - lastLine.get() > TimeUnit.MILLISECONDS.toNanos(stallMillis)) {
        kill();
        return -1;
      }
    }
    reader.join(5000);
    return process.exitValue();
  }

  boolean alive() {
    return process.isAlive();
  }

  /** The exit code of a child that exited. */
  int exitCode() {
    return process.exitValue();
  }

  /**
   * SIGKILL; waits for the exit and reads the lines already in the pipe (acknowledgements printed
   * before the kill). Through the process handle: {@code Process.destroyForcibly} also closes the
   * pipe, dropping what the child wrote and the reader had not read yet.
   */
  void kill() throws InterruptedException {
    process.toHandle().destroyForcibly();
    process.waitFor();
    reader.join(5000);
  }

  @Override
  public void close() throws InterruptedException {
    if (process.isAlive()) kill();
  }
}
