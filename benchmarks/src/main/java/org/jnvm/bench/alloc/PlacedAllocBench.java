package org.jnvm.bench.alloc;

import java.util.concurrent.TimeUnit;
import org.jnvm.bench.support.BenchHeap;
import org.jnvm.bench.support.Cell;
import org.jnvm.bench.support.Gateway;
import org.jnvm.bench.support.Padding;
import org.jnvm.bench.support.RefArray;
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

/**
 * {@link AllocBench#allocPublish} in a 64 GiB heap whose cells live below 2 GiB ({@code low}) or
 * above 4 GiB ({@code high}, after 4 GiB of padding): the allocator and the gateway cost the same
 * wherever the object is. The high case holds about 4 GiB of /dev/shm while it runs.
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
      Gateway.ADD_OPENS,
      "java.base/sun.nio.ch=ALL-UNNAMED",
      "-Xms1g",
      "-Xmx1g",
      "-XX:+AlwaysPreTouch"
    })
public class PlacedAllocBench {
  static final long GIB = 1L << 30;

  @State(Scope.Thread)
  public static class Placed {
    @Param({"low", "high"})
    String region;

    BenchHeap heap;
    RefArray slots;
    final Cell[] live = new Cell[AllocState.SLOTS];
    long next;

    @Setup(Level.Trial)
    public void openHeap() {
      Gateway.requireHardwareBackend();
      heap = BenchHeap.create("placed-alloc", 64 * GIB);
      if (region.equals("high")) {
        Padding.below(heap.heap(), 4 * GIB);
        // cell-sized slots cut before the padding (class entries share their size class) stay
        // in this thread's cache: use them up, unreachable, so that cells come from above
        for (int i = 0; new Cell(heap.heap(), 0).offset() < 4 * GIB; i++) {
          if (i > 4096) throw new IllegalStateException("cell slots keep coming from below 4 GiB");
        }
      }
      slots = new RefArray(heap.heap(), AllocState.SLOTS);
      slots.persist();
      heap.heap().roots().put("slots", slots);
      Cell probe = new Cell(heap.heap(), 0);
      long at = probe.offset();
      heap.heap().free(probe);
      if (region.equals("high") ? at < 4 * GIB : at >= 2 * GIB) {
        throw new IllegalStateException("cells at offset " + at + ", not " + region);
      }
    }

    @TearDown(Level.Trial)
    public void closeHeap() {
      if (heap != null) heap.close();
    }
  }

  @Benchmark
  public Cell allocPublish(Placed s) {
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
}
