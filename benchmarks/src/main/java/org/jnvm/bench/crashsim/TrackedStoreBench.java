package org.jnvm.bench.crashsim;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;
import org.jnvm.emulation.crash.CrashTest;
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
import org.openjdk.jmh.annotations.Warmup;

/**
 * What the crash simulator costs: the same stores (and durable stores) on the real backend and
 * under an armed tracking session (every store snapshots its line, every fence moves written-back
 * versions into the media image), each in its own JVM since the backend is chosen per JVM.
 * Exploration of crash images is not included: that cost is reported as images per second by the
 * crash tests themselves.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class TrackedStoreBench {
  private static final String TRACKED = "-Djnvm.backend=crash-sim";

  /** 64 lines of a fresh heap; tracked when the JVM runs the crash simulator. */
  @State(Scope.Thread)
  public static class Lines {
    BenchHeap heap;
    CrashTest.Tracking tracking;
    long line0;
    long value;

    @Setup(Level.Trial)
    public void open() {
      heap = BenchHeap.create("tracked", 4 << 20);
      LineBlock block = new LineBlock(heap.heap());
      block.persist();
      line0 = block.lineAddress(0);
      if (Pmem.backendName().equals("crash-sim")) {
        tracking = CrashTest.track(heap.heap());
      } else {
        Gateway.requireHardwareBackend();
      }
    }

    long next() {
      return line0 + ((value & (LineBlock.LINES - 1)) << 6);
    }

    @TearDown(Level.Trial)
    public void close() {
      if (tracking != null) tracking.close();
      heap.close();
    }
  }

  @Benchmark
  @Fork(
      value = 1,
      jvmArgsAppend = {
        Gateway.ADD_OPENS,
        Gateway.MISC_TO_ALL,
        Gateway.ADD_EXPORTS,
        Gateway.MISC_TO_ALL
      })
  public void storeDirect(Lines s) {
    Pmem.putLong(s.next(), s.value++);
  }

  @Benchmark
  @Fork(
      value = 1,
      jvmArgsAppend = {
        Gateway.ADD_OPENS,
        Gateway.MISC_TO_ALL,
        Gateway.ADD_EXPORTS,
        Gateway.MISC_TO_ALL,
        TRACKED
      })
  public void storeTracked(Lines s) {
    Pmem.putLong(s.next(), s.value++);
  }

  @Benchmark
  @Fork(
      value = 1,
      jvmArgsAppend = {
        Gateway.ADD_OPENS,
        Gateway.MISC_TO_ALL,
        Gateway.ADD_EXPORTS,
        Gateway.MISC_TO_ALL
      })
  public void durableStoreDirect(Lines s) {
    long a = s.next();
    Pmem.putLong(a, s.value++);
    Pmem.pwb(a);
    Pmem.pfence();
  }

  @Benchmark
  @Fork(
      value = 1,
      jvmArgsAppend = {
        Gateway.ADD_OPENS,
        Gateway.MISC_TO_ALL,
        Gateway.ADD_EXPORTS,
        Gateway.MISC_TO_ALL,
        TRACKED
      })
  public void durableStoreTracked(Lines s) {
    long a = s.next();
    Pmem.putLong(a, s.value++);
    Pmem.pwb(a);
    Pmem.pfence();
  }
}
