package org.jnvm.crucial.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The arithmetic of CPU per operation and of its table, on fixed inputs. */
class CpuPerOpTest {
  private static final double EPS = 1e-9;

  @Test
  void ticksBecomeMicrosecondsPerOperation() {
    // 100 ticks/s: 1 tick = 10 ms. 20,000 ops in 2 s; clients 30 + 10 ticks, nodes 120 + 40.
    CpuPerOp c =
        CpuPerOp.of(
            new ProcCpu.Times(30, 10),
            List.of(new ProcCpu.Times(100, 30), new ProcCpu.Times(20, 10)),
            20_000,
            2.0,
            100);
    assertEquals(15.0, c.clientUser(), EPS); // 0.3 s / 20,000
    assertEquals(5.0, c.clientKernel(), EPS);
    assertEquals(60.0, c.nodesUser(), EPS);
    assertEquals(20.0, c.nodesKernel(), EPS);
    assertEquals(20.0, c.client(), EPS);
    assertEquals(80.0, c.nodes(), EPS);
    assertEquals(100.0, c.total(), EPS);
    assertEquals(0.25, c.nodesKernelShare(), EPS);
    assertEquals(1.0, c.cores(), EPS); // 200 ticks = 2 s of CPU in 2 s
    assertEquals(List.of(65.0, 15.0), c.perServer()); // 130 and 30 ticks over 20,000 ops
  }

  @Test
  void anotherTickRateScalesTheSameTicks() {
    CpuPerOp c =
        CpuPerOp.of(new ProcCpu.Times(0, 0), List.of(new ProcCpu.Times(1000, 0)), 1000, 1, 1000);
    assertEquals(1000.0, c.nodesUser(), EPS); // 1 s over 1000 ops
    assertEquals(0.0, c.nodesKernelShare(), EPS);
    assertEquals(1.0, c.cores(), EPS);
  }

  @Test
  void serversThatUsedNoCpuHaveNoKernelShare() {
    CpuPerOp c = CpuPerOp.of(new ProcCpu.Times(5, 5), List.of(), 10, 1, 100);
    assertEquals(0.0, c.nodesKernelShare(), EPS);
  }

  @Test
  void noOperationsIsRefusedWithTheValues() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> CpuPerOp.of(ProcCpu.Times.ZERO, List.of(), 0, 1.5, 100));
    assertTrue(e.getMessage().contains("ops=0"), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> CpuPerOp.of(ProcCpu.Times.ZERO, List.of(), 5, 0, 100));
  }

  @Test
  void systemCallsAreDividedByOperations() {
    SyscallsPerOp s =
        SyscallsPerOp.of(new ProcCpu.Syscalls(500, 250), new ProcCpu.Syscalls(1000, 2000), 1000);
    assertEquals(new SyscallsPerOp(0.5, 0.25, 1.0, 2.0), s);
    assertThrows(
        IllegalArgumentException.class,
        () -> SyscallsPerOp.of(new ProcCpu.Syscalls(1, 1), new ProcCpu.Syscalls(1, 1), 0));
  }

  @Test
  void theTableGivesMeansOverRoundsTheSpreadAndTheRatioToRedis() {
    ThroughputResults r = new ThroughputResults();
    // DSO rf 2 simple: two rounds of 100 and 140 us (clients 20 / 30, nodes 80 / 110, a quarter
    // of the nodes' kernel in the first round, half in the second).
    r.add("DSO", 2, "simple", 15_000);
    r.add("DSO", 2, "simple", 13_000);
    r.addCpu("DSO", 2, "simple", new CpuPerOp(10, 10, 60, 20, 1.5, List.of()));
    r.addCpu("DSO", 2, "simple", new CpuPerOp(20, 10, 55, 55, 1.8, List.of()));
    r.addSyscalls("DSO", 2, "simple", new SyscallsPerOp(1, 1, 3, 2));
    r.addSyscalls("DSO", 2, "simple", new SyscallsPerOp(2, 1, 5, 4));
    r.add("DSO", 2, "complex", 10_000);
    r.addCpu("DSO", 2, "complex", new CpuPerOp(10, 10, 30, 10, 1.2, List.of()));
    r.add("Redis", 2, "simple", 30_000);
    r.addCpu("Redis", 2, "simple", new CpuPerOp(20, 20, 30, 30, 1.9, List.of()));
    r.add("Redis", 2, "complex", 5_000);
    r.addCpu("Redis", 2, "complex", new CpuPerOp(10, 10, 160, 20, 1.9, List.of()));
    CpuTable t = new CpuTable(List.of(2), r);
    assertEquals(120.0, CpuTable.mean(r.cpu("DSO", 2, "simple"), CpuPerOp::total), EPS);
    assertEquals(1.2, t.dsoOverRedis(2, "simple"), EPS); // 120 / 100
    assertEquals(60.0 / 200, t.dsoOverRedis(2, "complex"), EPS);
    assertEquals(-1, t.dsoOverRedis(3, "simple"), EPS);
    String md = t.markdown();
    assertTrue(
        md.contains(
            "| DSO | 2 | simple | 14,000 | 120.0 (100.0-140.0) | 15.0 + 10.0 | 57.5 + 37.5 |  |"
                + " 38% | 1.65 |"),
        md);
    assertTrue(md.contains("| DSO / Redis, simple, rf 2 <= 1.3 | 1.20x | yes |"), md);
    assertTrue(md.contains("| DSO | 2 | simple | 1.50 + 1.00 | 4.00 + 3.00 |"), md);
    assertTrue(md.contains("| Redis / DSO, complex, rf 2 >= 3 | 3.33x | yes |"), md);
    assertTrue(
        md.contains("| DSO nodes' kernel share, simple, rf 2 <= 0.25 | 0.38x | **no** |"), md);
  }
}
