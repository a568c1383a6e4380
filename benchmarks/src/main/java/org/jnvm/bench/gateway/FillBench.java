package org.jnvm.bench.gateway;

import java.lang.reflect.Field;
import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.Gateway;
import org.jnvm.core.pmem.Pmem;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import sun.misc.Unsafe;

/**
 * The gateway's fill (an allocation's zeroing) against {@code Unsafe.setMemory} on the same bytes
 * of a heap in /dev/shm: the sizes of an entry record (16), a small object (64), a YCSB record
 * (1088) and a page (4096). Neither writes back: the lines stay in cache, so this is the
 * instructions' cost alone.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 2,
    jvmArgsAppend = {
      Gateway.ADD_OPENS,
      Gateway.MISC_TO_ALL,
      Gateway.ADD_EXPORTS,
      Gateway.MISC_TO_ALL,
      Gateway.NATIVE_ACCESS
    })
public class FillBench {
  private static final Unsafe U = unsafe();

  @State(Scope.Thread)
  public static class Block extends LineState {
    @Param({"16", "64", "1088", "4096"})
    public int size;
  }

  @Benchmark
  public void gatewayFill(Block b) {
    Pmem.fill(b.line0, b.size, (byte) 0);
  }

  @Benchmark
  public void unsafeSetMemory(Block b) {
    U.setMemory(b.line0, b.size, (byte) 0);
  }

  private static Unsafe unsafe() {
    try {
      Field f = Unsafe.class.getDeclaredField("theUnsafe");
      f.setAccessible(true);
      return (Unsafe) f.get(null);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("sun.misc.Unsafe is not reachable", e);
    }
  }
}
