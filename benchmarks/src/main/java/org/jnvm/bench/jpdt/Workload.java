package org.jnvm.bench.jpdt;

import java.util.Map;
import java.util.Random;
import org.jnvm.bench.recovery.SpaceCheck;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.core.heap.PObject;
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

  /**
   * Heap bytes per entry of a J-PDT map: the record (a 1024-byte slot), the key copy, the entry and
   * its slot, with room for the allocator's partly used chunks.
   */
  static final long BYTES_PER_ENTRY = 1536;

  static final long FIXED = 128L << 20;

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

  /**
   * A new heap {@code jpdt-NAME} in the benchmark directory, sized for this workload (its free
   * space checked first), holding {@code kind}'s J-PDT map of every entry as root {@code "map"}.
   * The caller closes the heap.
   */
  BenchHeap fillPersistent(MapKind kind, String name) {
    long size = FIXED + BYTES_PER_ENTRY * entries;
    SpaceCheck.require(BenchHeap.dir(), size, "the map heap: entries=" + entries);
    BenchHeap heap = BenchHeap.create("jpdt-" + name, size);
    Map<String, byte[]> map = kind.persistent(heap.heap());
    heap.heap().roots().put("map", (PObject) map);
    for (int i = 0; i < entries; i++) map.put(keys[i], records[i & 1]);
    return heap;
  }

  /**
   * {@code kind}'s java.util twin of every entry: a clone of each record, and its own copy of each
   * key unless {@code sharedKeys} (then the probes themselves; see {@link TwinBase}).
   */
  Map<String, byte[]> fillTwin(MapKind kind, boolean sharedKeys) {
    Map<String, byte[]> map = kind.twin();
    for (int i = 0; i < entries; i++) {
      map.put(sharedKeys ? keys[i] : copyOf(keys[i]), records[i & 1].clone());
    }
    return map;
  }

  /** A string equal to {@code k} with its own chars. */
  static String copyOf(String k) {
    return new String(k.toCharArray());
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
