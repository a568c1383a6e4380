package org.jnvm.crucial.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.exceptions.JedisConnectionException;

/**
 * A redis-server child process on loopback, append-only file on with the given fsync policy, no
 * snapshots, its files under {@code dir}; optionally a replica of another one. Closing kills it
 * (and only it).
 */
final class RedisServer implements AutoCloseable {
  final int port;
  private final Process process;

  private RedisServer(int port, Process process) {
    this.port = port;
    this.process = process;
  }

  long pid() {
    return process.pid();
  }

  /** Whether a redis-server binary is on the PATH. */
  static boolean available() {
    try {
      Process p = new ProcessBuilder("redis-server", "--version").redirectErrorStream(true).start();
      p.getInputStream().readAllBytes();
      return p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0;
    } catch (IOException | InterruptedException e) {
      return false;
    }
  }

  static RedisServer start(String appendfsync, Path dir, int port) throws Exception {
    return launch(appendfsync, dir, port, List.of());
  }

  /**
   * A replica of the server on {@code masterPort} ({@code --replicaof}); it answers before its link
   * to the master is up: {@link #awaitReplicas} on the master waits for that.
   */
  static RedisServer startReplica(String appendfsync, Path dir, int port, int masterPort)
      throws Exception {
    return launch(
        appendfsync, dir, port, List.of("--replicaof", "127.0.0.1", Integer.toString(masterPort)));
  }

  private static RedisServer launch(String appendfsync, Path dir, int port, List<String> extra)
      throws Exception {
    Files.createDirectories(dir);
    List<String> cmd = new ArrayList<>();
    cmd.addAll(
        List.of(
            "redis-server",
            "--port",
            Integer.toString(port),
            "--bind",
            "127.0.0.1",
            "--save",
            "",
            "--appendonly",
            "yes",
            "--appendfsync",
            appendfsync,
            "--dir",
            dir.toString(),
            "--daemonize",
            "no",
            "--logfile",
            ""));
    cmd.addAll(extra);
    Process p =
        new ProcessBuilder(cmd)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    RedisServer s = new RedisServer(port, p);
    s.awaitUp();
    return s;
  }

  private void awaitUp() throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      try (Jedis r = client()) {
        if ("PONG".equals(r.ping())) {
          return;
        }
      } catch (JedisConnectionException e) {
        Thread.sleep(50);
      }
    }
    close();
    throw new IllegalStateException("redis-server did not answer on port " + port + " in 20 s");
  }

  /**
   * Waits until {@code n} replicas are connected to this master and in sync (their link up, the
   * initial transfer done), so that {@code WAIT n} can be met.
   */
  void awaitReplicas(int n) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    try (Jedis r = client()) {
      while (System.nanoTime() < deadline) {
        if (onlineReplicas(r.info("replication")) >= n) {
          return;
        }
        Thread.sleep(50);
      }
    }
    throw new IllegalStateException(
        "redis-server on port " + port + ": fewer than " + n + " replicas online after 30 s");
  }

  /** The replicas a master's INFO replication lists as {@code state=online}. */
  static int onlineReplicas(String info) {
    int n = 0;
    for (String line : info.split("\r?\n")) {
      if (line.startsWith("slave") && line.contains("state=online")) {
        n++;
      }
    }
    return n;
  }

  /** A new connection to this server (Jedis: one socket, not thread-safe). */
  Jedis client() {
    return new Jedis("127.0.0.1", port);
  }

  @Override
  public void close() {
    process.destroyForcibly();
    try {
      process.waitFor(10, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
