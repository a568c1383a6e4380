package org.jnvm.bench.jpdt;

import static org.jnvm.jpdt.PTypes.strings;

import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.jpdt.collection.LockConflictException;
import org.jnvm.jpdt.collection.PConcurrentHashMap;
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
 * Failure-atomic blocks on one {@code PConcurrentHashMap} from one and from two threads with no
 * lock of their own (issue 55's goal: two writer threads at 1.5x one thread or more): each block
 * replaces the values of two random keys among 10,000 (so blocks of two threads meet on a part now
 * and then, and keep it until they end). A block that gives up on a lock conflict is run again (the
 * retries are counted in the score's time). The same puts without blocks, for reference. Each
 * method runs in forks of its own; compare a method's {@code 1} and {@code 2} variants within one
 * run (throughput, ops/µs: the two-thread score counts both threads' blocks).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
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
public class BlockScalingBench {
  static final int KEYS = 10_000;

  /** The map every thread changes. */
  @State(Scope.Benchmark)
  public static class Shared {
    BenchHeap heap;
    PConcurrentHashMap<String, String> map;
    final String[] keys = new String[KEYS];
    final AtomicLong conflicts = new AtomicLong();
    final AtomicLong seeds = new AtomicLong(55);

    @Setup(Level.Trial)
    public void open() {
      Gateway.requireHardwareBackend();
      heap = BenchHeap.create("block-scaling", 1L << 30);
      map = new PConcurrentHashMap<>(heap.heap(), strings(), strings());
      heap.heap().roots().put("map", map);
      for (int i = 0; i < KEYS; i++) {
        keys[i] = "user" + i;
        map.put(keys[i], "v");
      }
    }

    @TearDown(Level.Trial)
    public void close() {
      if (conflicts.get() > 0)
        System.out.println("lock conflicts (blocks run again): " + conflicts);
      if (heap != null) heap.close();
    }
  }

  /** A thread's own random keys. */
  @State(Scope.Thread)
  public static class Keys {
    SplittableRandom rnd;

    @Setup(Level.Trial)
    public void open(Shared s) {
      rnd = new SplittableRandom(s.seeds.incrementAndGet());
    }

    String next(Shared s) {
      return s.keys[rnd.nextInt(KEYS)];
    }
  }

  private static int block(Shared s, Keys k) {
    String a = k.next(s);
    String b = k.next(s);
    while (true) {
      try {
        FA.run(
            s.heap.heap(),
            () -> {
              s.map.put(a, "w");
              s.map.put(b, "x");
            });
        return 1;
      } catch (LockConflictException e) {
        s.conflicts.incrementAndGet();
      }
    }
  }

  @Benchmark
  @Threads(1)
  public int blocks1(Shared s, Keys k) {
    return block(s, k);
  }

  @Benchmark
  @Threads(2)
  public int blocks2(Shared s, Keys k) {
    return block(s, k);
  }

  @Benchmark
  @Threads(1)
  public String puts1(Shared s, Keys k) {
    return s.map.put(k.next(s), "w");
  }

  @Benchmark
  @Threads(2)
  public String puts2(Shared s, Keys k) {
    return s.map.put(k.next(s), "w");
  }
}
