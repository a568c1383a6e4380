package org.jnvm.crucial.bench;

/**
 * The shared integer's operation of the throughput experiment, written once for each side: {@link
 * #apply} runs in the DSO method ({@link SharedInt#multiply}) and {@link #LUA} in Redis. A step
 * multiplies by {@value #FACTOR} modulo {@value #MODULUS} (the Park-Miller generator): every
 * product stays below 2^47, so Lua's doubles compute it exactly and both sides agree bit for bit;
 * the value never reaches 0, so no run degenerates into multiplying zeros. The "simple" operation
 * is one step, the "complex" one 10,000 (the seed's operations).
 */
final class Multiply {
  static final long FACTOR = 48_271;
  static final long MODULUS = 2_147_483_647;

  /** The value before the first operation, on both sides. */
  static final long START = 1;

  /**
   * KEYS[1]: the integer; ARGV[1]: the number of steps. Reads, multiplies, writes, returns the new
   * value. A missing key starts at {@link #START}. Lua's {@code %} on doubles is exact here: the
   * quotient is below 2^16 and at least 2^-31 away from an integer unless it is one.
   */
  static final String LUA =
      "local v = tonumber(redis.call('GET', KEYS[1]) or '"
          + START
          + "')\n"
          + "for i = 1, tonumber(ARGV[1]) do v = (v * "
          + FACTOR
          + ") % "
          + MODULUS
          + " end\n"
          + "redis.call('SET', KEYS[1], string.format('%d', v))\n"
          + "return v\n";

  private Multiply() {}

  /**
   * {@code times} steps from {@code v}. The result is what the object stores, so the JIT cannot
   * drop the loop.
   */
  static long apply(long v, int times) {
    for (int i = 0; i < times; i++) {
      v = v * FACTOR % MODULUS;
    }
    return v;
  }
}
