package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import redis.clients.jedis.Jedis;

/**
 * The throughput experiment's operation computes the same values in the DSO method and in the Redis
 * Lua script (loaded with SCRIPT LOAD, called with EVALSHA on a real redis-server), from the same
 * start value, for the simple and the complex operation in sequence.
 */
class MultiplyTest {
  @TempDir Path dir;

  @Test
  void oneStepIsTheParkMillerMultiplication() {
    assertEquals(48_271, new SharedInt().multiply(1));
    assertEquals(48_271L * 48_271 % 2_147_483_647, Multiply.apply(48_271, 1));
  }

  @Test
  void theLuaScriptAndTheDsoMethodAgreeStepForStep() throws Exception {
    assumeTrue(RedisServer.available(), "redis-server is not on the PATH");
    SharedInt local = new SharedInt();
    try (RedisDeployment redis = RedisDeployment.start(1, "everysec", dir);
        Jedis c = new Jedis("127.0.0.1", redis.primaries().get(0))) {
      for (int times : new int[] {1, 10_000, 1, 3, 10_000}) {
        long expected = local.multiply(times);
        Object got = c.evalsha(redis.sha(), List.of("tp:7"), List.of(Integer.toString(times)));
        assertEquals(expected, got, "after " + times + " more multiplications");
        assertEquals(Long.toString(expected), c.get("tp:7"), "the stored value too");
      }
      assertNotEquals(Multiply.START, local.get(), "the value moved");
    }
  }
}
