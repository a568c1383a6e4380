package org.jnvm.bench.jpdt;

import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Scaling with threads of the thread-safe J-PDT maps and of their java.util twins: one map shared
 * by every benchmark thread, each thread with its own offset in the key sequence. Run it at {@code
 * -t 1} and at {@code -t N} and compare each side's throughput with itself: the ratio is the
 * scaling (at most N). Updates go through {@code set} on the J-PDT side (durable on return) and
 * store a clone on the twin's (not durable: compare the scaling, not the scores); both sides keep
 * their own key copies.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgsAppend = {
      Gateway.ADD_OPENS,
      Gateway.MISC_TO_ALL,
      Gateway.ADD_EXPORTS,
      Gateway.MISC_TO_ALL,
      "-Xms4g",
      "-Xmx4g",
      "-XX:+AlwaysPreTouch"
    })
public class ScalingBench {
  /** The shared map: a J-PDT map in its own heap, or its twin. */
  @State(Scope.Benchmark)
  public static class Shared extends Workload {
    @Param({"CONCURRENT", "SKIPLIST"})
    public MapKind kind;

    @Param({"true", "false"})
    public boolean persistent;

    final AtomicInteger threads = new AtomicInteger();
    BenchHeap heap;
    Map<String, byte[]> map;

    @Setup(Level.Trial)
    public void build() {
      Gateway.requireHardwareBackend();
      makeWorkload();
      if (persistent) {
        heap = fillPersistent(kind, "scaling-" + kind.name().toLowerCase(java.util.Locale.ROOT));
        map = heap.heap().roots().get("map");
      } else {
        map = fillTwin(kind, false);
      }
    }

    @TearDown(Level.Trial)
    public void close() {
      map = null;
      if (heap != null) heap.close();
    }
  }

  /** One thread's place in the shared key sequence (a shared counter would be the bottleneck). */
  @State(Scope.Thread)
  public static class Cursor {
    int next;

    @Setup(Level.Trial)
    public void place(Shared s) {
      next = s.threads.getAndIncrement() * (PICKS / 8);
    }

    String key(Shared s) {
      return s.keyAt(next++);
    }
  }

  /** A get returning a copy of the record on both sides (J-PDT's get always copies). */
  @Benchmark
  public void get(Shared s, Cursor c, Blackhole bh) {
    byte[] v = s.map.get(c.key(s));
    bh.consume(s.persistent ? v : v.clone());
  }

  @Benchmark
  public void update(Shared s, Cursor c, Blackhole bh) {
    byte[] r = s.records[c.next & 1];
    String k = c.key(s);
    if (s.persistent) bh.consume(MapKind.set(s.map, k, r));
    else bh.consume(s.map.put(k, r.clone()));
  }

  private static final int PICKS = Workload.PICKS;
}
