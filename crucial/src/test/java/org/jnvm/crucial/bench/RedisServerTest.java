package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.jnvm.crucial.cluster.Ports;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The Redis rows of the DSO benchmark as they run: a redis-server child with its append-only file
 * under a directory of the run's, and the Jedis client doing the benchmark's GET, SET of 1 KB and
 * INCR. Needs redis-server on the PATH (`apt-get install redis-server`); skipped, saying so,
 * without it, as the benchmark skips its Redis rows.
 */
class RedisServerTest {
  @TempDir Path dir;

  @Test
  void theBenchmarksRedisOperationsWorkAgainstARealServer() throws Exception {
    assumeTrue(
        RedisServer.available(), "redis-server is not on the PATH: the Redis rows are skipped");
    try (RedisServer s = RedisServer.start("always", dir.resolve("aof"), Ports.free());
        Jedis c = s.client()) {
      byte[] key = "k1".getBytes(StandardCharsets.US_ASCII);
      byte[] kb = new byte[1024];
      kb[0] = 7;
      assertEquals("OK", c.set(key, kb));
      assertArrayEquals(kb, c.get(key));
      assertEquals(1, c.incr("n"));
      assertEquals(2, c.incr("n"));
    }
    try (var files = Files.walk(dir.resolve("aof"))) {
      assertTrue(
          files.anyMatch(f -> f.getFileName().toString().contains("appendonly")),
          "the append-only file is where the run put it");
    }
  }
}
