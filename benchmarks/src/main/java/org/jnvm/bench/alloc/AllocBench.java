package org.jnvm.bench.alloc;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.Cell;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.PlainCell;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Allocating and durably publishing a 64-byte persistent object against {@code new} of a plain
 * object stored into an array. Both run at a steady state: the persistent side frees the object its
 * slot held (explicit free is J-NVM's model), the plain side leaves it to the GC, whose cost the
 * baseline's score includes.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 5, time = 2)
@Measurement(iterations = 5, time = 2)
// A fixed, pre-touched Java heap: otherwise the first seconds of a fork pay for the kernel
// zeroing the pages G1 grows into, and the baseline's score jumps from 8 to 250 ns/op.
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
public class AllocBench {

  /**
   * Reserve, set a field, persist (one write-back and a fence), publish (an 8-byte reference store,
   * its write-back and psync), then free the replaced cell, which is unreachable once the new
   * reference is durable.
   */
  @Benchmark
  public Cell allocPublish(AllocState s) {
    long n = s.next++;
    int i = (int) n & AllocState.MASK;
    Cell c = new Cell(s.heap.heap(), n);
    c.persist();
    s.slots.publish(i, c);
    Cell old = s.live[i];
    s.live[i] = c;
    if (old != null) s.heap.heap().free(old);
    return c;
  }

  @Benchmark
  public PlainCell newPlain(PlainAllocState s) {
    long n = s.next++;
    PlainCell c = new PlainCell(n);
    int i = (int) n & AllocState.MASK;
    s.slots[i] = c;
    return c;
  }
}
