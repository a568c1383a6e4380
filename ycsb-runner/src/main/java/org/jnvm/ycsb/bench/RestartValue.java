package org.jnvm.ycsb.bench;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * The values of {@code bin/jnvm bench --restart}: {@value #BYTES} bytes that name their key and
 * their version, so that the check after the restart tells a missing entry, an older version than
 * the one acknowledged, and bytes that are not this key's value at all.
 *
 * <pre>
 *   "k" key " v" version " "  then filler up to 100 bytes: byte i = 'a' + (key + version + i) % 26
 * </pre>
 *
 * Keys are {@code user<N>}; version 0 is the load's value, the write load numbers its writes from 1
 * in the order it makes them, so a later write of a key has a higher version.
 */
final class RestartValue {
  static final int BYTES = 100;
  static final String KEY_PREFIX = "user";

  private RestartValue() {}

  static String key(long n) {
    return KEY_PREFIX + n;
  }

  static byte[] encode(long key, long version) {
    byte[] head = ("k" + key + " v" + version + " ").getBytes(StandardCharsets.US_ASCII);
    if (head.length > BYTES) {
      throw new IllegalArgumentException("key and version do not fit a value: " + key);
    }
    byte[] v = Arrays.copyOf(head, BYTES);
    for (int i = head.length; i < BYTES; i++) v[i] = filler(key, version, i);
    return v;
  }

  /**
   * The version {@code bytes} hold if they are a value of {@code key} exactly as {@link #encode}
   * wrote it; -1 otherwise (another key's value, a torn or corrupted one).
   */
  static long version(long key, byte[] bytes) {
    if (bytes == null || bytes.length != BYTES) return -1;
    String s = new String(bytes, 0, Math.min(BYTES, 48), StandardCharsets.US_ASCII);
    String prefix = "k" + key + " v";
    if (!s.startsWith(prefix)) return -1;
    int end = s.indexOf(' ', prefix.length());
    if (end <= prefix.length()) return -1;
    long version;
    try {
      version = Long.parseLong(s.substring(prefix.length(), end));
    } catch (NumberFormatException e) {
      return -1;
    }
    return version >= 0 && Arrays.equals(bytes, encode(key, version)) ? version : -1;
  }

  private static byte filler(long key, long version, int i) {
    return (byte) ('a' + Math.floorMod(key + version + i, 26));
  }
}
