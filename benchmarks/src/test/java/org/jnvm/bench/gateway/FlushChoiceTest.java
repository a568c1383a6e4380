package org.jnvm.bench.gateway;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.Set;
import org.junit.jupiter.api.Test;

class FlushChoiceTest {
  /** JDK 17 on AMD: CLWB is not detected, so the JVM emits clflushopt. */
  static final String JDK17_AMD =
      "[0.003s][info][os,cpu] CPU: total 2 (initial active 2) family 26 model 2, cx8, avx512vl,"
          + " clflush, clflushopt, avx512_vbmi2, hv";

  static final String JDK25_AMD =
      "[0.008s][info][os,cpu] CPU: total 2 family 26 model 2, cx8, clflush, clflushopt, clwb, hv";

  @Test
  void theJvmsInstructionComesFromItsCpuLine() {
    assertEquals(Flush.CLFLUSHOPT, FlushChoice.emittedBy(JDK17_AMD));
    assertEquals(Flush.CLWB, FlushChoice.emittedBy(JDK25_AMD));
    assertEquals(Flush.CLFLUSH, FlushChoice.emittedBy("CPU: total 1, cx8, clflush, sse2"));
    assertNull(FlushChoice.emittedBy("CPU: total 1, neon"));
    assertNull(FlushChoice.emittedBy(null));
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
