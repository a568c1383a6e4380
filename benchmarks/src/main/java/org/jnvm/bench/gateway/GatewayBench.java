package org.jnvm.bench.gateway;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.LineBlock;
import org.jnvm.core.pmem.Pmem;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The gateway's durable store against C. Each Java benchmark has a C twin doing the same stores,
 * write-backs and fences on the same lines of the same heap; C is reached through JNI, so its
 * figures include one JNI call (about 9 ns here), except {@link #line1CLoop}, which loops in C.
 *
 * <p>Scores are ns per line: {@code lines64*} report one 64th of a 64-line operation.
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
      Gateway.NATIVE_ACCESS
    })
public class GatewayBench {
  static final int LOOP = 256;
  static final int LINES = LineBlock.LINES;

  /** Store, write back and fence one line: the cost of one durable 8-byte update. */
  @Benchmark
  public void line1Java(LineState s) {
    long a = s.line0;
    Pmem.putLong(a, s.value++);
    Pmem.pwb(a);
    Pmem.pfence();
  }

  @Benchmark
  public void line1C(NativeLineState s) {
    NativeFlush.store1(s.line0, s.value++, s.kind);
  }

  /** {@link #line1C} without the JNI call per line: what the hardware alone costs. */
  @Benchmark
  @OperationsPerInvocation(LOOP)
  public void line1CLoop(NativeLineState s) {
    NativeFlush.store1Loop(s.line0, s.value, s.kind, LOOP);
    s.value += LOOP;
  }

  /** Store and write back 64 lines, then one fence: the batched update (per line). */
  @Benchmark
  @OperationsPerInvocation(LINES)
  public void lines64Java(LineState s) {
    LineState.storeEachLine(s.line0, LINES, s.value++);
    Pmem.pfence();
  }

  @Benchmark
  @OperationsPerInvocation(LINES)
  public void lines64C(NativeLineState s) {
    NativeFlush.storeLines(s.line0, LINES, s.value++, s.kind);
  }
}
