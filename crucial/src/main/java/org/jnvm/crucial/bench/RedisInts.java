package org.jnvm.crucial.bench;

import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.Jedis;

/**
 * The shared integers as Redis keys {@code tp:0...}, operated on by the loaded Lua script through
 * {@code EVALSHA}: with several primaries (shards) object o lives on shard o mod shards; with
 * replicas, each write is followed by {@code WAIT n} and a write that fewer than n replicas
 * acknowledged within {@value #WAIT_TIMEOUT_MS} ms fails the run. Each client thread has its own
 * connections (a Jedis connection is not thread-safe).
 */
final class RedisInts implements IntTarget {
  static final String KEY_PREFIX = "tp:";
  static final long WAIT_TIMEOUT_MS = 1000;

  private final List<Integer> primaries;
  private final int waitReplicas;
  private final String sha;
  private final List<Jedis> opened = new ArrayList<>();

  RedisInts(List<Integer> primaries, int waitReplicas, String sha) {
    this.primaries = List.copyOf(primaries);
    this.waitReplicas = waitReplicas;
    this.sha = sha;
  }

  @Override
  public synchronized Op op(int thread) {
    Jedis[] shards = new Jedis[primaries.size()];
    for (int s = 0; s < shards.length; s++) {
      shards[s] = new Jedis("127.0.0.1", primaries.get(s));
      opened.add(shards[s]);
    }
    return (object, times) -> multiply(shards[object % shards.length], object, times);
  }

  private long multiply(Jedis c, int object, int times) {
    Object v = c.evalsha(sha, List.of(KEY_PREFIX + object), List.of(Integer.toString(times)));
    if (waitReplicas > 0) {
      long acked = c.waitReplicas(waitReplicas, WAIT_TIMEOUT_MS);
      if (acked < waitReplicas) {
        throw new IllegalStateException(
            "WAIT " + waitReplicas + " returned " + acked + " after " + WAIT_TIMEOUT_MS + " ms");
      }
    }
    return (Long) v;
  }

  @Override
  public synchronized void close() {
    opened.forEach(Jedis::close);
    opened.clear();
  }
}
