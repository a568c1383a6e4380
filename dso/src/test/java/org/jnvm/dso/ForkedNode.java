package org.jnvm.dso;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.jnvm.dso.server.DsoServerMain;
import org.jnvm.dso.server.NodeJvmFlags;

/**
 * A DSO node in a JVM of its own (bin/jnvm dso-server's main class), so that tests can stop it
 * (SIGTERM) or kill it (SIGKILL). Only the processes started here are ever signalled.
 */
final class ForkedNode implements AutoCloseable {
  final String name;
  final int clientPort;
  final int clusterPort;
  private final List<String> args;
  private final Path log;
  private Process process;
  private CompletableFuture<String> ready;
  private volatile String gateway;

  ForkedNode(String name, int clientPort, int clusterPort, Path log, List<String> args) {
    this.name = name;
    this.clientPort = clientPort;
    this.clusterPort = clusterPort;
    this.log = log;
    this.args = List.copyOf(args);
  }

  /**
   * What bin/jnvm java-flags gives a node (see {@link NodeJvmFlags}), plus C1 only (a faster start)
   * where the intrinsics allow it: up to JDK 17; later JDKs refuse them without C2.
   */
  static List<String> gatewayFlags() {
    List<String> f = new ArrayList<>(NodeJvmFlags.gateway());
    if (Runtime.version().feature() <= 17) {
      f.add("-XX:TieredStopAtLevel=1");
    }
    return f;
  }

  /** The gateway backend the node reported when ready (null before). */
  String gateway() {
    return gateway;
  }

  String endpoint() {
    return "127.0.0.1:" + clientPort;
  }

  /** Launches the JVM; {@link #awaitReady} waits for it to serve. */
  void launch() {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.addAll(List.of("-Xmx256m", "-XX:+UseSerialGC", "-Xss512k"));
    cmd.addAll(gatewayFlags());
    cmd.addAll(
        List.of("-cp", System.getProperty("java.class.path"), DsoServerMain.class.getName()));
    cmd.addAll(
        List.of(
            "--name",
            name,
            "--port",
            Integer.toString(clientPort),
            "--cluster-port",
            Integer.toString(clusterPort)));
    cmd.addAll(args);
    try {
      process =
          new ProcessBuilder(cmd)
              .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile()))
              .start();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot start node " + name, e);
    }
    // Each launch watches its own future: the watcher of a killed predecessor may reach the end
    // of its output after this launch and must not fail the new one.
    CompletableFuture<String> f = new CompletableFuture<>();
    ready = f;
    Process p = process;
    Thread t = new Thread(() -> watch(p, f), "watch-" + name);
    t.setDaemon(true);
    t.start();
  }

  private void watch(Process p, CompletableFuture<String> ready) {
    try (BufferedReader r =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      while ((line = r.readLine()) != null) {
        appendLog(line);
        int g = line.indexOf(" (gateway ");
        if (line.startsWith("[dso] node ") && g >= 0) {
          gateway = line.substring(g + 10, line.indexOf(')', g));
        }
        if (line.startsWith("DSO-READY ")) {
          ready.complete(line.substring(10));
        }
      }
    } catch (IOException e) {
      // the process died; handled below
    }
    ready.completeExceptionally(
        new IllegalStateException("node " + name + " exited before it was ready; see " + log));
  }

  private void appendLog(String line) {
    try {
      java.nio.file.Files.writeString(
          log,
          "[stdout] " + line + "\n",
          StandardCharsets.UTF_8,
          java.nio.file.StandardOpenOption.CREATE,
          java.nio.file.StandardOpenOption.APPEND);
    } catch (IOException e) {
      // the log is a debugging aid only
    }
  }

  /** Waits for the node to serve; fails if its store writes back through msync. */
  void awaitReady(long seconds) throws Exception {
    ready.get(seconds, TimeUnit.SECONDS);
    if (gateway == null || gateway.equals("msync")) {
      throw new IllegalStateException(
          "node "
              + name
              + " runs the gateway backend "
              + gateway
              + ", not the intrinsics; see "
              + log);
    }
  }

  boolean alive() {
    return process != null && process.isAlive();
  }

  /** SIGKILL, and wait for the process to be gone. */
  void kill() throws InterruptedException {
    if (process != null) {
      process.destroyForcibly();
      process.waitFor(30, TimeUnit.SECONDS);
    }
  }

  /** SIGTERM (a clean stop through the shutdown hook), SIGKILL if it lingers. */
  void stop() throws InterruptedException {
    if (process != null && process.isAlive()) {
      process.destroy();
      if (!process.waitFor(30, TimeUnit.SECONDS)) {
        kill();
      }
    }
  }

  @Override
  public void close() {
    try {
      kill();
    } catch (InterruptedException e) {
      process.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }
}
