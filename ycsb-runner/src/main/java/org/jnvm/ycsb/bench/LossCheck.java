package org.jnvm.ycsb.bench;

import java.util.ArrayList;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The check after a restart: reads every loaded key and every key the write load was acknowledged
 * for, and counts those whose value is missing, older than the version acknowledged, or not a value
 * of that key at all. A version newer than the acknowledged one is fine: the write in flight when
 * the child was killed may have been durable before its acknowledgement was printed.
 *
 * @param checked keys read
 * @param missing keys with no value
 * @param stale keys whose value is older than the version acknowledged
 * @param corrupt keys whose bytes are not a value of that key ({@link RestartValue#version})
 * @param examples a few of the keys lost, for the log
 */
record LossCheck(long checked, long missing, long stale, long corrupt, List<String> examples) {
  private static final int EXAMPLES = 5;

  /** Acknowledged entries lost: missing, stale or corrupt. */
  long lost() {
    return missing + stale + corrupt;
  }

  /** Checks every key of {@code acks} through {@code read} (the value's bytes, null if none). */
  static LossCheck of(Acks acks, LongFunction<byte[]> read) {
    Counter c = new Counter();
    for (long k = 0; k < acks.loaded(); k++) c.check(k, acks.expected(k), read.apply(k));
    for (var e : acks.inserted().entrySet())
      c.check(e.getKey(), e.getValue(), read.apply(e.getKey()));
    return new LossCheck(c.checked, c.missing, c.stale, c.corrupt, List.copyOf(c.examples));
  }

  private static final class Counter {
    long checked;
    long missing;
    long stale;
    long corrupt;
    final List<String> examples = new ArrayList<>();

    void check(long key, long want, byte[] value) {
      checked++;
      String problem = null;
      if (value == null) {
        missing++;
        problem = "missing";
      } else {
        long got = RestartValue.version(key, value);
        if (got < 0) {
          corrupt++;
          problem = "not a value of the key";
        } else if (got < want) {
          stale++;
          problem = "version " + got + " < acknowledged " + want;
        }
      }
      if (problem != null && examples.size() < EXAMPLES) {
        examples.add(RestartValue.key(key) + ": " + problem);
      }
    }
  }
}
