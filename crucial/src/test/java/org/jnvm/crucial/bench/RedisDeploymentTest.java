package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The Redis deployments of the throughput experiment as they run: rf 1 is two shards, rf 3 a master
 * whose two replicas acknowledge each write ({@code WAIT 2} returns 2) and hold the value the
 * script wrote; the worker's client path ({@link RedisInts}) spreads keys over the shards.
 */
class RedisDeploymentTest {
  @TempDir Path dir;

  @Test
  void rf3ReplicatesEveryWriteToTwoReplicas() throws Exception {
    assumeTrue(RedisServer.available(), "redis-server is not on the PATH");
    try (RedisDeployment d = RedisDeployment.start(3, "always", dir);
        Jedis master = new Jedis("127.0.0.1", d.primaries().get(0))) {
      assertEquals(1, d.primaries().size());
      assertEquals(2, d.waitReplicas());
      long v = (Long) master.evalsha(d.sha(), List.of("tp:1"), List.of("5"));
      assertEquals(2, master.waitReplicas(2, 5000), "WAIT 2: both replicas acknowledged");
      String info = master.info("replication");
      assertEquals(2, RedisServer.onlineReplicas(info), info);
      for (int port : replicaPorts(info)) {
        try (Jedis r = new Jedis("127.0.0.1", port)) {
          assertEquals(Long.toString(v), r.get("tp:1"), "replica on port " + port);
        }
      }
    }
  }

  @Test
  void rf1SpreadsObjectsOverTwoShards() throws Exception {
    assumeTrue(RedisServer.available(), "redis-server is not on the PATH");
    try (RedisDeployment d = RedisDeployment.start(1, "everysec", dir);
        RedisInts ints = new RedisInts(d.primaries(), d.waitReplicas(), d.sha())) {
      assertEquals(2, d.primaries().size());
      IntTarget.Op op = ints.op(0);
      for (int o = 0; o < 4; o++) {
        assertEquals(48_271, op.multiply(o, 1));
      }
      for (int s = 0; s < 2; s++) {
        try (Jedis c = new Jedis("127.0.0.1", d.primaries().get(s))) {
          assertEquals(2, c.dbSize(), "shard " + s + " holds objects " + s + " and " + (s + 2));
        }
      }
    }
  }

  private static List<Integer> replicaPorts(String info) {
    return info.lines()
        .filter(l -> l.startsWith("slave"))
        .map(l -> l.replaceAll(".*port=(\\d+).*", "$1").trim())
        .map(Integer::valueOf)
        .toList();
  }
}
