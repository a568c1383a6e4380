package org.jnvm.bench.jpdt;

import java.util.Random;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/**
 * What a J-NVM map and its twin both run on: the same keys, the same pseudo-random sequence of key
 * picks (same seed) and the same records. A record is 10 fields of 100 bytes, stored as one
 * 1000-byte array.
 */
@State(Scope.Thread)
public abstract class Workload {
  static final int RECORD = 10 * 100;
  static final long SEED = 42;
  static final int PICKS = 1 << 16;
  static final int PICK_MASK = PICKS - 1;

  @Param("100000")
  public int entries;

  String[] keys;
  byte[][] records;
  private int[] picks;
  private int next;

  /** Keys of equal length ({@code user} and 13 digits), two records, the pick sequence. */
  void makeWorkload() {
    keys = new String[entries];
    for (int i = 0; i < entries; i++) keys[i] = "user" + (1_000_000_000_000L + i);
    Random r = new Random(SEED);
    records = new byte[2][RECORD];
    r.nextBytes(records[0]);
    r.nextBytes(records[1]);
    picks = new int[PICKS];
    for (int i = 0; i < PICKS; i++) picks[i] = r.nextInt(entries);
  }

  /** The next key of the sequence: a key the map holds. */
  String nextKey() {
    return keyAt(next++);
  }

  /**
   * The key at position {@code i} of the sequence (wrapping), for threads with their own cursor.
   */
  String keyAt(int i) {
    return keys[picks[i & PICK_MASK]];
  }

  /** A record that alternates with each call, so that an update changes the value. */
  byte[] nextRecord() {
    return records[next & 1];
  }
}
