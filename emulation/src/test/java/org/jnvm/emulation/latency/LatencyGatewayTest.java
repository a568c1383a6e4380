package org.jnvm.emulation.latency;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Set;
import org.jnvm.core.heap.Heap;
import org.jnvm.core.heap.TestHeaps;
import org.jnvm.core.pmem.Pmem;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The latency backend as the gateway's backend. Runs in its own JVM (surefire execution {@code
 * latency}: {@code -Djnvm.backend=latency} with explicit costs large enough that the real
 * write-backs and fences alone could not reach them). Timings are lower bounds only: a loaded
 * machine makes waits longer, never shorter.
 */
@Tag("latency")
class LatencyGatewayTest {
  private static final int N = 2_000;
  private TestHeaps heaps;
  private Heap heap;

  @BeforeEach
  void heap() {
    heaps = new TestHeaps();
    heap = heaps.create("latency", 1 << 20);
  }

  @AfterEach
  void close() throws Exception {
    heaps.close();
  }

  private static LatencyBackend backend() {
    return assertInstanceOf(LatencyBackend.class, Pmem.backend(), Pmem.backendDescription());
  }

  @Test
  void theGatewayRunsOnTheLatencyBackendOverARealOne() {
    assertEquals("latency", Pmem.backendName());
    String hw = backend().hardware().name();
    assertTrue(Set.of("patched", "intrinsics", "msync").contains(hw), hw);
    assertTrue(Pmem.backendDescription().contains("over " + hw), Pmem.backendDescription());
  }

  @Test
  void theModelComesFromTheSystemProperties() {
    assertEquals(LatencyModel.fromSystemProperties(), backend().model());
    assertTrue(backend().model().fenceNanos() >= 1_000, "set by the latency execution");
  }

  @Test
  void nFencesTakeAtLeastNTimesTheFenceCost() {
    long fence = backend().model().fenceNanos();
    long t0 = System.nanoTime();
    for (int i = 0; i < N; i++) Pmem.pfence();
    long elapsed = System.nanoTime() - t0;
    assertTrue(elapsed >= N * fence, "elapsed=" + elapsed + " expected>=" + N * fence);
  }

  @Test
  void writeBacksArePaidAtTheNextFence() {
    LatencyModel m = backend().model();
    long line = heap.base() + 4096;
    Pmem.pfence(); // start without debt
    long t0 = System.nanoTime();
    for (int i = 0; i < N; i++) Pmem.pwb(line + (i % 64) * (long) Pmem.LINE);
    Pmem.psync();
    long elapsed = System.nanoTime() - t0;
    long expected = N * m.pwbNanos() + m.fenceNanos();
    assertTrue(elapsed >= expected, "elapsed=" + elapsed + " expected>=" + expected);
  }
}
