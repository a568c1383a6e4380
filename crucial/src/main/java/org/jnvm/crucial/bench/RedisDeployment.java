package org.jnvm.crucial.bench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.jnvm.crucial.cluster.Ports;
import redis.clients.jedis.Jedis;

/**
 * The Redis side of the throughput experiment at one replication factor, as in the seed: rf 1 is
 * {@value #SHARDS} shards without replicas (keys spread over them by the client); rf n >= 2 is one
 * master and n - 1 replicas, clients writing to the master and issuing {@code WAIT n-1} after each
 * write. The operation's Lua script is loaded on every primary ({@code SCRIPT LOAD}); every server
 * keeps an append-only file with the given fsync policy under its own directory.
 */
final class RedisDeployment implements AutoCloseable {
  static final int SHARDS = 2;

  private final List<RedisServer> servers = new ArrayList<>();
  private final List<Integer> primaries = new ArrayList<>();
  private final int rf;
  private String sha;

  private RedisDeployment(int rf) {
    this.rf = rf;
  }

  static RedisDeployment start(int rf, String appendfsync, Path dir) throws Exception {
    if (rf < 1) {
      throw new IllegalArgumentException("replication factor must be >= 1: " + rf);
    }
    RedisDeployment d = new RedisDeployment(rf);
    try {
      d.launch(appendfsync, dir);
      d.sha = d.loadScript();
      return d;
    } catch (Exception | Error e) {
      d.close();
      throw e;
    }
  }

  private void launch(String appendfsync, Path dir) throws Exception {
    if (rf == 1) {
      for (int s = 0; s < SHARDS; s++) {
        RedisServer shard = keep(RedisServer.start(appendfsync, dir.resolve("shard" + s), port()));
        primaries.add(shard.port);
      }
      return;
    }
    RedisServer master = keep(RedisServer.start(appendfsync, dir.resolve("master"), port()));
    primaries.add(master.port);
    for (int r = 1; r < rf; r++) {
      keep(RedisServer.startReplica(appendfsync, dir.resolve("replica" + r), port(), master.port));
    }
    master.awaitReplicas(rf - 1);
  }

  private static int port() {
    return Ports.free();
  }

  private RedisServer keep(RedisServer s) {
    servers.add(s);
    return s;
  }

  private String loadScript() {
    String loaded = null;
    for (int p : primaries) {
      try (Jedis c = new Jedis("127.0.0.1", p)) {
        loaded = c.scriptLoad(Multiply.LUA);
      }
    }
    return loaded;
  }

  /** The ports clients send operations to: the shards (rf 1) or the master. */
  List<Integer> primaries() {
    return List.copyOf(primaries);
  }

  /** The replicas each write waits for ({@code WAIT n}): rf - 1. */
  int waitReplicas() {
    return rf - 1;
  }

  /** Every redis-server of this deployment: shards, or master and replicas. */
  List<Long> pids() {
    return servers.stream().map(RedisServer::pid).toList();
  }

  /** The SHA-1 of the loaded script ({@code EVALSHA}). */
  String sha() {
    return sha;
  }

  /** How a worker JVM reaches this deployment, one line: ports, WAIT count, script. */
  String describe() {
    StringBuilder b = new StringBuilder();
    for (int p : primaries) {
      b.append(b.length() == 0 ? "" : ",").append(p);
    }
    return b + " " + waitReplicas() + " " + sha;
  }

  @Override
  public void close() {
    for (int i = servers.size() - 1; i >= 0; i--) {
      servers.get(i).close();
    }
  }
}
