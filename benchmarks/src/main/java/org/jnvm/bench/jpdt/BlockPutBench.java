package org.jnvm.bench.jpdt;

import static org.jnvm.jpdt.PTypes.strings;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.jpdt.PLongArray;
import org.jnvm.jpdt.collection.PHashMap;
import org.jnvm.jpfa.FA;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a J-PDT change costs inside a failure-atomic block: a one-entry {@code put} (replacing the
 * value of one of 10,000 keys) alone, the same put inside a block, and a block holding one durable
 * 8-byte array store (the block's fixed cost: its undo and commit fences, plus the store's own).
 * The goal: {@code putInBlock <= put + blockOneStore}. {@code blockOneStoreShared} runs that block
 * in two threads on one heap, each storing to its own line: what the threads' blocks still share
 * (the heap's logs, see {@code HeapLogs}) shows as the gap to {@code blockOneStore}. Each benchmark
 * runs in its own forks, so {@code put}'s fork never ran a block (the hooks' cheapest path). {@code
 * put} and {@code removeInsert} also measure J-PDT outside blocks against a build from before
 * blocks existed (the class compiles there unchanged).
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 2,
    jvmArgsAppend = {
      Gateway.ADD_OPENS,
      Gateway.MISC_TO_ALL,
      Gateway.ADD_EXPORTS,
      Gateway.MISC_TO_ALL,
      "-Xms1g",
      "-Xmx1g",
      "-XX:+AlwaysPreTouch"
    })
public class BlockPutBench {
  static final int KEYS = 10_000;

  @State(Scope.Thread)
  public static class Maps {
    BenchHeap heap;
    PHashMap<String, String> map;
    PLongArray cell;
    final String[] keys = new String[KEYS];
    int next;

    @Setup(Level.Trial)
    public void open() {
      Gateway.requireHardwareBackend();
      heap = BenchHeap.create("block-put", 1L << 30);
      map = new PHashMap<>(heap.heap(), strings(), strings());
      heap.heap().roots().put("map", map);
      for (int i = 0; i < KEYS; i++) {
        keys[i] = "user" + i;
        map.put(keys[i], "v");
      }
      cell = new PLongArray(heap.heap(), 1);
      heap.heap().roots().put("cell", cell);
    }

    @TearDown(Level.Trial)
    public void close() {
      if (heap != null) heap.close();
    }

    String key() {
      int i = next++;
      if (next == KEYS) next = 0;
      return keys[i];
    }
  }

  /** One heap for every thread of {@link #blockOneStoreShared}. */
  @State(Scope.Benchmark)
  public static class SharedHeap {
    BenchHeap heap;

    @Setup(Level.Trial)
    public void open() {
      Gateway.requireHardwareBackend();
      heap = BenchHeap.create("block-shared", 64L << 20);
    }

    @TearDown(Level.Trial)
    public void close() {
      if (heap != null) heap.close();
    }
  }

  /** A thread's own cell in the shared heap: an object, so a line, of its own. */
  @State(Scope.Thread)
  public static class OwnCell {
    PLongArray cell;
    long next;

    @Setup(Level.Trial)
    public void open(SharedHeap s) {
      cell = new PLongArray(s.heap.heap(), 1);
    }
  }

  @Benchmark
  public String put(Maps s) {
    return s.map.put(s.key(), "w");
  }

  /** Removes a present key and puts it back: the map's unlink and publish paths, outside blocks. */
  @Benchmark
  public String removeInsert(Maps s) {
    String k = s.key();
    s.map.remove(k);
    return s.map.put(k, "w");
  }

  @Benchmark
  public String putInBlock(Maps s) {
    String k = s.key();
    return FA.call(s.heap.heap(), () -> s.map.put(k, "w"));
  }

  @Benchmark
  public long blockOneStore(Maps s) {
    long n = s.next++;
    if (s.next == KEYS) s.next = 0;
    FA.run(s.heap.heap(), () -> s.cell.set(0, n));
    return n;
  }

  @Benchmark
  @Threads(2)
  public long blockOneStoreShared(SharedHeap s, OwnCell c) {
    long n = c.next++;
    FA.run(s.heap.heap(), () -> c.cell.set(0, n));
    return n;
  }
}
