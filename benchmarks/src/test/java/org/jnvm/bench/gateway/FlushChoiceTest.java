package org.jnvm.bench.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

class FlushChoiceTest {
  @Test
  void theJvmsInstructionComesFromItsCpuLine() {
    assertEquals(
        Flush.CLFLUSHOPT, FlushChoice.emittedBy("CPU: total 2, cx8, clflush, clflushopt, hv"));
    assertEquals(Flush.CLWB, FlushChoice.emittedBy("CPU: total 2, clflush, clflushopt, clwb"));
    assertNull(FlushChoice.emittedBy("CPU: total 1, neon"));
  }

  @Test
  void anUnavailableInstructionIsReplacedByTheBestTheCpuHas() {
    Set<String> amd = Set.of("clflush", "clflushopt", "clwb");
    assertEquals(Flush.CLWB, FlushChoice.runnable(Flush.CLWB, amd));
    assertEquals(Flush.CLFLUSHOPT, FlushChoice.runnable(Flush.CLFLUSHOPT, amd));
    assertEquals(
        Flush.CLFLUSHOPT, FlushChoice.runnable(Flush.CLWB, Set.of("clflush", "clflushopt")));
    assertEquals(Flush.CLFLUSH, FlushChoice.runnable(Flush.CLWB, Set.of("clflush")));
    assertNull(FlushChoice.runnable(Flush.CLWB, Set.of()));
  }

  @Test
  void namesAreTheCpuinfoFlags() {
    assertEquals(Flush.CLWB, Flush.named("CLWB"));
    assertEquals("clflushopt", Flush.CLFLUSHOPT.flag());
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> Flush.named("wbinvd"));
    assertEquals(
        "unknown flush instruction: wbinvd known=[CLWB, CLFLUSHOPT, CLFLUSH]", e.getMessage());
  }
}
