package org.jnvm.crucial.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jnvm.dso.server.DsoServerMain;

/**
 * A DSO node in a JVM of its own ({@code bin/jnvm dso-server}'s main class), so that it can be
 * killed. It can be launched again with the same name, ports and directory (a restart).
 */
public final class NodeProcess implements AutoCloseable {
  private final String name;
  private final int clientPort;
  private final List<String> args;
  private final List<String> jvmOptions;
  private final Path log;
  private Process process;
  private CompletableFuture<String> ready;

  NodeProcess(String name, int clientPort, List<String> args, List<String> jvmOptions, Path log) {
    this.name = name;
    this.clientPort = clientPort;
    this.args = List.copyOf(args);
    this.jvmOptions = List.copyOf(jvmOptions);
    this.log = log;
  }

  public String endpoint() {
    return "127.0.0.1:" + clientPort;
  }

  public long pid() {
    return process == null ? -1 : process.pid();
  }

  /** Starts the JVM; {@link #awaitReady} waits until it serves. */
  public void launch() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(jvmOptions);
    cmd.addAll(List.of("-cp", System.getProperty("java.class.path")));
    cmd.add(DsoServerMain.class.getName());
    cmd.addAll(args);
    try {
      process = new ProcessBuilder(cmd).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start node " + name, e);
    }
    // Each launch watches its own future: the watcher of a killed predecessor may reach the end
    // of its output after this launch and must not fail the new one.
    CompletableFuture<String> f = new CompletableFuture<>();
    ready = f;
    Process p = process;
    Thread t = new Thread(() -> watch(p, f), "node-out-" + name);
    t.setDaemon(true);
    t.start();
  }

  /** Output lines an exit before "DSO-READY" quotes: a test's log directory is gone after it. */
  private static final int TAIL_LINES = 30;

  /**
   * Copies the node's output to its log and completes {@code ready} on "DSO-READY", or fails it
   * with the exit status and the output's last lines if the node exits first.
   */
  private void watch(Process p, CompletableFuture<String> ready) {
    ArrayDeque<String> tail = new ArrayDeque<>();
    try (BufferedReader r =
            new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
        var w =
            java.nio.file.Files.newBufferedWriter(
                log,
                StandardCharsets.UTF_8,
                java.nio.file.StandardOpenOption.CREATE,
                java.nio.file.StandardOpenOption.APPEND)) {
      String line;
      while ((line = r.readLine()) != null) {
        w.write(line);
        w.newLine();
        w.flush();
        if (tail.size() == TAIL_LINES) tail.removeFirst();
        tail.addLast(line);
        if (line.startsWith("DSO-READY ")) {
          ready.complete(line.substring(10));
        }
      }
    } catch (IOException e) {
      // the process is gone; reported below
    }
    if (ready.isDone()) return;
    ready.completeExceptionally(
        new IllegalStateException(
            "node "
                + name
                + " exited before it was ready (exit status "
                + exitStatus(p)
                + "); log: "
                + log
                + "; its last lines:\n  "
                + String.join("\n  ", tail)));
  }

  private static String exitStatus(Process p) {
    try {
      return p.waitFor(10, TimeUnit.SECONDS) ? Integer.toString(p.exitValue()) : "still running";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "unknown";
    }
  }

  public void awaitReady(long seconds) throws Exception {
    ready.get(seconds, TimeUnit.SECONDS);
  }

  /** SIGKILL, then wait for the process to be gone. */
  public void kill() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** SIGTERM (the node's shutdown hook stops it cleanly), SIGKILL if it lingers 20 s. */
  public void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(20, TimeUnit.SECONDS)) {
        kill();
      }
    }
  }

  @Override
  public void close() {
    try {
      stop();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
