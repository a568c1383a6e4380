package org.jnvm.bench.proxy;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.Gateway;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Reading and writing a long field through a persistent proxy (a load or store at the proxy's
 * address plus the field's offset, through the gateway) against the same field of a plain object.
 * Writes are plain stores on both sides: durability is the gateway benchmark's subject.
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
public class ProxyBench {

  @Benchmark
  public void readProxy(ProxyState s, Blackhole bh) {
    bh.consume(s.cell.value());
  }

  /** The same long field read through a proxy on an object migrated from an earlier shape. */
  @Benchmark
  public void readProxyMigrated(EvolvedState s, Blackhole bh) {
    bh.consume(s.migrated.value());
  }

  /** ... and on an object of the same class created in its current shape (the baseline). */
  @Benchmark
  public void readProxyNeverMigrated(EvolvedState s, Blackhole bh) {
    bh.consume(s.created.value());
  }

  @Benchmark
  public void readPlain(ProxyState s, Blackhole bh) {
    bh.consume(s.plain.value);
  }

  @Benchmark
  public void writeProxy(ProxyState s) {
    s.cell.value(s.value++);
  }

  @Benchmark
  public void writePlain(ProxyState s) {
    s.plain.value = s.value++;
  }
}
