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
 * The cost of the heap-file probe before each write-back (docs/gateway.md, "Files changed under a
 * running JVM"): these benchmarks run with it, as shipped; {@link FileProbeOffBench} runs the same
 * ones with {@code -Djnvm.checks.file=false} (the address checks stay on in both). Run both in one
 * JMH run ({@code bin/jnvm jmh 'FileProbe.*Bench'}) and compare their scores.
 *
 * <p>Scores are ns per line: {@code lines64} and {@code page} report one 64th of a 64-line
 * operation.
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
      Gateway.MISC_TO_ALL
    })
public class FileProbeBench {
  static final int LINES = LineBlock.LINES;

  /** Store, write back and fence one line. */
  @Benchmark
  public void line1(LineState s) {
    long a = s.line0;
    Pmem.putLong(a, s.value++);
    Pmem.pwb(a);
    Pmem.pfence();
  }

  /** Store and write back 64 lines one by one, then one fence (per line). */
  @Benchmark
  @OperationsPerInvocation(LINES)
  public void lines64(LineState s) {
    LineState.storeEachLine(s.line0, LINES, s.value++);
    Pmem.pfence();
  }

  /** Store 64 lines, write them back as one range (one probe per page), one fence (per line). */
  @Benchmark
  @OperationsPerInvocation(LINES)
  public void page(LineState s) {
    long base = s.line0;
    long v = s.value++;
    for (int i = 0; i < LINES; i++) Pmem.putLong(base + (long) i * Pmem.LINE, v);
    Pmem.pwb(base, (long) LINES * Pmem.LINE);
    Pmem.pfence();
  }
}
