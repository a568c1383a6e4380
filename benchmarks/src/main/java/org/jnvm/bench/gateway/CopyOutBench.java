package org.jnvm.bench.gateway;

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

/**
 * A copy out of a heap in /dev/shm into a new array, every read of a J-PDT value or a store record:
 * the gateway's {@code readBytes} (an array the JVM does not zero) against a {@code new} array then
 * {@code Pmem.read}, for a short key (16), a YCSB field (100), a whole YCSB record (1288) and a
 * page (4096). The arrays escape to JMH, so both sides pay the allocation and its garbage.
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
public class CopyOutBench {
  @State(Scope.Thread)
  public static class Block extends LineState {
    @Param({"16", "100", "1288", "4096"})
    public int size;
  }

  @Benchmark
  public byte[] gatewayReadBytes(Block b) {
    return Pmem.readBytes(b.line0, b.size);
  }

  @Benchmark
  public byte[] zeroedArrayThenRead(Block b) {
    byte[] a = new byte[b.size];
    Pmem.read(b.line0, a, 0, a.length);
    return a;
  }
}
